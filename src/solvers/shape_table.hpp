// The shape table: the shapes the construction completes (construction.hpp),
// one row per shape and the N it is known to complete at, read from
// doc/hypotheses/shapes.tsv. The table and the hypothesis files it names are
// built into the binary (cmake/embed_hypotheses.cmake), so that a new shape
// found by a sweep becomes the construction of its N by one row, and the
// installed tool needs no checkout.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/hypothesis.hpp"
#include "model/pyramid.hpp"

namespace bel_pyramid {

// A file of doc/hypotheses as the build found it (the path below that folder).
struct EmbeddedFile {
  std::string_view path;
  std::string_view text;
};
[[nodiscard]] const std::vector<EmbeddedFile>& embedded_hypotheses();  // generated

struct ShapeRow {
  int from = 0, to = 0;  // the N it completes at
  std::string file;      // under doc/hypotheses/
  ParamValues params;    // a member of a family; empty for a single shape
};

// The rows of shapes.tsv, in order; throws std::logic_error for a malformed
// row (the test ShapeTable.EveryRowParsesAtItsN reads them all).
[[nodiscard]] const std::vector<ShapeRow>& shape_table();

// The rows whose range holds N, in the table's order.
[[nodiscard]] std::vector<const ShapeRow*> shapes_for(int levels);

// The row's hypothesis for this pyramid, named as --hypothesis names it
// (ColumnStep.hyp, ColumnStepShift.hyp(f=4)).
[[nodiscard]] Hypothesis shape_hypothesis(const ShapeRow& row, const Pyramid& pyramid);

}  // namespace bel_pyramid
