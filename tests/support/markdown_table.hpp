// The rows of a Markdown table in a document, for the tests that compare a
// table of the code (option keys, tune keys) with the table that documents it.
#pragma once

#include <fstream>
#include <string>
#include <vector>

namespace bel_pyramid::test {

// The rows starting with "| `" of the first table whose header line starts
// with `header`; empty if the file or the table is missing.
inline std::vector<std::string> markdown_table_rows(const std::string& path,
                                                    const std::string& header) {
  std::ifstream in(path);
  std::vector<std::string> rows;
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (!inside && line.rfind(header, 0) == 0)
      inside = true;
    else if (inside && line.rfind("| `", 0) == 0)
      rows.push_back(line);
    else if (inside && line.rfind("| -", 0) != 0)
      break;
  }
  return rows;
}

}  // namespace bel_pyramid::test
