// The hypothesis files of a run (--hypothesis, doc/hypotheses.md, and
// --given, a partial drawing in Knuth's format): read, parsed for the run's
// pyramid and added to the formulation under the file's name, after the
// --strategy entries. Every path that builds a formulation (solve, count,
// exports, --split, --check) goes through add_hypotheses(), so all honour
// them. Each file is read once (load_hypothesis_files), so that a pipe such
// as `--hypothesis <(...)` works and every use sees the same text.
// Errors: UserError for an unreadable file, ParseError for bad text.
#pragma once

#include <string>
#include <vector>

#include "app/options.hpp"
#include "formats/run_summary.hpp"
#include "model/formulation.hpp"

namespace bel_pyramid {

// Reads the --hypothesis and --given files into options.hypothesis_sources,
// in command-line order; the functions below use those texts.
void load_hypothesis_files(Options& options);

void add_hypotheses(const Options& options, Formulation& f);

// A hypothesis built by a library caller (Python), in the language: what its
// record's digest is of, and what a CNF's header quotes for it.
[[nodiscard]] std::string built_text(const Options& options, const Hypothesis& h);

// The files' names and SHA-256 digests, then the built hypotheses' (kind
// "built", no path), for --json and a CNF's header.
[[nodiscard]] std::vector<HypothesisRecord> hypothesis_records(const Options& options);

// The files' SHA-256 digests alone, in command-line order, then the built
// hypotheses' and the parameters: what a checkpoint records, so that --resume can tell the same
// files under any path.
[[nodiscard]] std::vector<std::string> hypothesis_digests(const Options& options);

// "--hypothesis PATH ..." and "--given PATH ..." with absolute paths, for a
// command that must rebuild the same formulation elsewhere (--split).
[[nodiscard]] std::vector<std::string> hypothesis_args(const Options& options);

}  // namespace bel_pyramid
