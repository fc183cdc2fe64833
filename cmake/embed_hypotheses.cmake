# Writes OUT, a C++ source that holds every file under ROOT (doc/hypotheses:
# the .hyp files and shapes.tsv) as text, for the shape table of the
# construction (src/solvers/shape_table.hpp): the binary then needs no file
# of the checkout at run time. Run by the build: cmake -DROOT=... -DOUT=... -P
file(GLOB_RECURSE files RELATIVE ${ROOT} ${ROOT}/*.hyp ${ROOT}/*.tsv)
list(SORT files)
set(body "// Generated from doc/hypotheses by cmake/embed_hypotheses.cmake: do not edit.\n")
string(APPEND body "#include \"solvers/shape_table.hpp\"\n\nnamespace bel_pyramid {\n\n")
string(APPEND body "const std::vector<EmbeddedFile>& embedded_hypotheses() {\n")
string(APPEND body "  static const std::vector<EmbeddedFile> files = {\n")
foreach(file IN LISTS files)
  file(READ ${ROOT}/${file} text)
  string(FIND "${text}" ")bp_file\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${file} holds the text )bp_file\" that ends the embedding")
  endif()
  string(APPEND body "      {\"${file}\", R\"bp_file(${text})bp_file\"},\n")
endforeach()
string(APPEND body "  };\n  return files;\n}\n\n}  // namespace bel_pyramid\n")
# Rewritten only when it changes, so that a rebuild does not recompile it.
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT old STREQUAL body)
  file(WRITE ${OUT} "${body}")
endif()
