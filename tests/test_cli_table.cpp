// The command line as a usage table: every option with every kind of bad
// value → exit code and a fragment of the one stderr line. Each failed run
// must print exactly one line on stderr (a user error or a parse error), leave
// no file (and no temporary) under the requested output name, and leave an
// existing file there byte-for-byte intact.
//
// Tests run as root, so a chmod'ed directory does not stop a write; an
// unwritable directory is therefore a path below a regular file
// ("{tmp}/plain/x") or below /proc, which refuses new files even for root.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "app/memory_guard.hpp"
#include "app/run.hpp"
#include "cli_runner.hpp"

namespace bel_pyramid {
namespace {

namespace fs = std::filesystem;
using testing::run_command;

struct Row {
  std::vector<std::string> args;  // "{tmp}" and "{data}" are replaced
  int exit_code;
  std::string fragment;  // expected in the single stderr line
  std::string output;    // an output name (under {tmp}) that must not appear; "" if none
};

// kExitUsage: rejected by the option parser; kExitError: by our own checks.
const std::vector<Row>& rows() {
  static const std::vector<Row> table = {
      // N
      {{}, kExitError, "missing N", ""},
      {{"0"}, kExitError, "N must be at least 1, got 0", ""},
      {{"-1"}, kExitError, "N must be at least 1, got -1", ""},
      {{"-99999999999999999999"}, kExitError, "N must be", ""},
      {{"abc"}, kExitError, "N must be a positive integer, got \"abc\"", ""},
      {{"2.5"}, kExitError, "N must be a positive integer, got \"2.5\"", ""},
      {{"1e3"}, kExitError, "N must be a positive integer, got \"1e3\"", ""},
      {{"0x10"}, kExitError, "N must be a positive integer", ""},
      {{"+3"}, kExitError, "N must be a positive integer", ""},
      {{" 3"}, kExitError, "N must be a positive integer", ""},
      {{""}, kExitError, "missing N", ""},
      {{"99999999999999999999"}, kExitError, "is too large", ""},
      {{"100001"}, kExitError, "is too large", ""},
      {{"40"}, kExitError, "largest N that fits", ""},
      {{"40", "--solver", "z3"}, kExitError, "largest N that fits", ""},
      {{"3", "4"}, kExitUsage, "4", ""},
      // unknown options and missing values
      {{"3", "--bogus"}, kExitUsage, "--bogus", ""},
      {{"3", "--strategyy", "ystep"}, kExitUsage, "--strategyy", ""},
      {{"3", "--strategy"}, kExitUsage, "--strategy", ""},
      {{"3", "--solver"}, kExitUsage, "--solver", ""},
      {{"3", "--timeout"}, kExitUsage, "--timeout", ""},
      {{"3", "--cnf"}, kExitUsage, "--cnf", ""},
      // names from the tables
      {{"3", "--strategy", "Foo"}, kExitUsage, "Foo not in {", ""},
      {{"3", "--strategy", "ystepp"}, kExitUsage, "ystepp not in {", ""},
      {{"3", "--strategy", ""}, kExitUsage, "not in {", ""},
      {{"3", "--tactic", "sat"}, kExitUsage, "sat not in {qffd,qflia,z3-default}", ""},
      {{"3", "--tactic", "qfd"}, kExitUsage, "qfd not in {", ""},
      {{"3", "--finite-domain", "bool"}, kExitUsage, "bool not in {int,enum}", ""},
      {{"3", "--finite-domain", "enums"}, kExitUsage, "enums not in {int,enum}", ""},
      {{"3", "--solver", "minisat"}, kExitUsage, "minisat not in {", ""},
      {{"3", "--solver", "cadicall"}, kExitUsage, "cadicall not in {", ""},
      {{"3", "--solver", ""}, kExitUsage, "not in {", ""},
      {{"3", "--cnf-encoder", "kissat"}, kExitUsage, "kissat not in {native,z3}", ""},
      {{"3", "--cnf-encoder", "natve"}, kExitUsage, "natve not in {", ""},
      {{"2", "--cnf-tune", "bogus=1", "--cnf", "{tmp}/t.cnf"},
       kExitError,
       "unknown key \"bogus\"",
       "t.cnf"},
      {{"2", "--cnf-tune", "cube-amo", "--cnf", "{tmp}/t.cnf"},
       kExitError,
       "expects KEY=VALUE",
       "t.cnf"},
      {{"2", "--cnf-tune", "cube-amo=tree", "--cnf", "{tmp}/t.cnf"},
       kExitError,
       "expected pairwise",
       "t.cnf"},
      {{"2", "--cnf-tune", "order-ladder=maybe", "--cnf", "{tmp}/t.cnf"},
       kExitError,
       "expected on or off",
       "t.cnf"},
      {{"2", "--cnf-tune", "count-doubles=2", "--cnf", "{tmp}/t.cnf"},
       kExitError,
       "expected on or off",
       "t.cnf"},
      {{"2", "--cnf-tune", "cadical-config=fast", "--solver", "cadical"},
       kExitError,
       "expected default, sat or unsat",
       ""},
      {{"2", "--cnf-tune", "cadical-phase=2", "--solver", "cadical"},
       kExitError,
       "expected 0 or 1",
       ""},
      {{"2", "--cnf-tune", "bogus=1", "--solver", "cadical"},
       kExitError,
       "unknown key \"bogus\"",
       ""},
      // conflicting outputs on standard output / input
      {{"2", "--cnf", "-", "--smt2", "-"},
       kExitError,
       "only one of --cnf, --smt2 and --var-map",
       ""},
      {{"2", "--cnf", "-", "--var-map", "-"},
       kExitError,
       "only one of --cnf, --smt2 and --var-map",
       ""},
      {{"2", "--smt2", "-", "--var-map", "-"},
       kExitError,
       "only one of --cnf, --smt2 and --var-map",
       ""},
      {{"2", "--cnf", "-", "--cert", "-"}, kExitError, "cannot both read standard input", ""},
      // --timeout
      {{"2", "--timeout", "-1"},
       kExitError,
       "--timeout must be a positive number of seconds, got \"-1\"",
       ""},
      {{"2", "--timeout", "0"}, kExitError, "--timeout must be a positive number", ""},
      {{"2", "--timeout", "abc"}, kExitError, "--timeout must be a positive number", ""},
      {{"2", "--timeout", "nan"}, kExitError, "--timeout must be a positive number", ""},
      {{"2", "--timeout", "inf"}, kExitError, "--timeout must be a positive number", ""},
      {{"2", "--timeout", "1e400"}, kExitError, "--timeout must be a positive number", ""},
      {{"2", "--timeout", "5s"}, kExitError, "--timeout must be a positive number", ""},
      {{"2", "--timeout", ""}, kExitError, "--timeout needs a value", ""},
      // --seed
      {{"2", "--seed", "-1"}, kExitError, "--seed must be an integer from 0 to 4294967295", ""},
      {{"2", "--seed", "abc"}, kExitError, "--seed must be an integer", ""},
      {{"2", "--seed", "1.5"}, kExitError, "--seed must be an integer", ""},
      {{"2", "--seed", "4294967296"}, kExitError, "--seed must be an integer", ""},
      {{"2", "--seed", ""}, kExitError, "--seed needs a value", ""},
      // --threads
      {{"2", "--threads", "0"}, kExitError, "--threads must be an integer from 1 to 256", ""},
      {{"2", "--threads", "257"}, kExitError, "--threads must be an integer from 1 to 256", ""},
      {{"2", "--threads", "two"}, kExitError, "--threads must be an integer", ""},
      {{"2", "--threads", ""}, kExitError, "--threads needs a value", ""},
      {{"2", "--threads", "1"}, kExitError, "the portfolio needs at least 2", ""},
      // --portfolio
      {{"2", "--portfolio", "local,z3"}, kExitError, "--portfolio: \"z3\" is not a racer", ""},
      {{"2", "--portfolio", "local,"}, kExitError, "--portfolio: \"\" is not a racer", ""},
      {{"2", "--portfolio", "Local"}, kExitError, "\"Local\" is not a racer (racers: ", ""},
      {{"2", "--portfolio", ""}, kExitError, "--portfolio needs a value", ""},
      {{"2", "--solver", "local", "--portfolio", "local"},
       kExitError,
       "it needs --solver portfolio, not local",
       ""},
      {{"2", "--portfolio", "local,cadical", "--threads", "3"},
       kExitError,
       "--threads 3 does not match the 2 racers of --portfolio",
       ""},
      // --log, --checkpoint, --checkpoint-every, --resume
      {{"2", "--log", ""}, kExitError, "--log needs a value", ""},
      {{"2", "--log", "{tmp}/plain/x.log"}, kExitError, "cannot append to log file", ""},
      {{"2", "--checkpoint", ""}, kExitError, "--checkpoint needs a value", ""},
      {{"2", "--solver", "cadical", "--checkpoint", "{tmp}/c.txt"},
       kExitError,
       "--checkpoint needs a search that keeps a state (local), not \"cadical\"",
       "c.txt"},
      {{"2", "--checkpoint", "{tmp}/plain/c.txt"}, kExitError, "{tmp}/plain/c.txt", ""},
      {{"2", "--checkpoint-every", "0"},
       kExitError,
       "--checkpoint-every must be a positive number of seconds",
       ""},
      {{"2", "--checkpoint-every", "x"}, kExitError, "--checkpoint-every must be", ""},
      {{"2", "--resume", "{tmp}/missing.txt"}, kExitError, "cannot open \"{tmp}/missing.txt\"", ""},
      {{"2", "--resume", "{tmp}/empty.cert"},
       kExitError,
       "empty.cert:1: parse error: expected 'c bel_pyramid checkpoint'",
       ""},
      {{"2", "--resume", "{tmp}/bad_seconds.ckpt"},
       kExitError,
       "bad_seconds.ckpt:4: parse error: bad value '-1' for seconds",
       ""},
      {{"2", "--resume", "{tmp}/bad_drawing.ckpt"},
       kExitError,
       "bad_drawing.ckpt:7: parse error: ",
       ""},
      {{"3", "--resume", "{tmp}/n2.ckpt"}, kExitError, "the checkpoint is for N=2, not N=3", ""},
      {{"2", "--solver", "z3", "--resume", "{tmp}/n2.ckpt"},
       kExitError,
       "--resume needs a search that keeps a state",
       ""},
      {{"2", "--solver", "z3", "--threads", "4"},
       kExitError,
       "solver \"z3\" runs in one thread",
       ""},
      {{"2", "--cert", ""}, kExitError, "--cert needs a value", ""},
      // --check, --json, --svg
      {{"--check", ""}, kExitError, "--check needs a value", ""},
      {{"--check", "{tmp}/missing.txt"}, kExitError, "cannot open \"{tmp}/missing.txt\"", ""},
      {{"--check", "{tmp}/binary.cert"}, kExitError, "binary.cert:1: parse error:", ""},
      {{"--check", "{tmp}/empty.cert"}, kExitError, "empty.cert:1: parse error:", ""},
      {{"--check", "{tmp}"}, kExitError, "cannot read \"{tmp}\"", ""},
      {{"4", "--check", "{solutions}/n3.txt"},
       kExitError,
       "holds a 3-level solution, but N=4 was given",
       ""},
      {{"--check", "{solutions}/n3.txt", "--strategy", "XStep"},
       kExitError,
       "violates strategy XStep",
       ""},
      {{"--check", "{solutions}/n3.txt", "--solver", "z3"},
       kExitError,
       "--check reads a solution; --solver cannot be used with it",
       ""},
      {{"--check", "-", "--cert", "-"}, kExitError, "--cert cannot be used with it", ""},
      {{"--check", "-", "--resume", "x"}, kExitError, "--resume cannot be used with it", ""},
      {{"--check", "{solutions}/n3.txt", "--cnf", "{tmp}/x.cnf"},
       kExitError,
       "--cnf cannot be used with it",
       "x.cnf"},
      {{"--check", "{solutions}/n3.txt", "--skip-solver"},
       kExitError,
       "--skip-solver cannot be used with it",
       ""},
      {{"--check", "{solutions}/n3.txt", "--json", "{tmp}/no/such/r.json"},
       kExitError,
       "No such file",
       ""},
      {{"--json", "-", "--check", "{solutions}/n3.txt", "--svg", "-"},
       kExitError,
       "only one of --json, --svg, --cnf, --smt2 and --var-map",
       ""},
      {{"2", "--json", "-", "--cnf", "-"}, kExitError, "only one of --json, --svg", ""},
      {{"2", "--json", "-", "--svg", "-"}, kExitError, "only one of --json, --svg", ""},
      {{"2", "--json", ""}, kExitError, "--json needs a value", ""},
      {{"2", "--svg", ""}, kExitError, "--svg needs a value", ""},
      {{"2", "--json", "{tmp}/r.json", "--svg", "{tmp}/no/such/p.svg"},
       kExitError,
       "No such file",
       "r.json"},
      // --symmetry-breaking
      {{"3", "--symmetry-breaking", "on"}, kExitUsage, "on not in {none,auto,labels,geometry}", ""},
      {{"3", "--symmetry-breaking", ""}, kExitUsage, "--symmetry-breaking", ""},
      {{"3", "--symmetry-breaking"}, kExitUsage, "--symmetry-breaking", ""},
      // --split K DIR
      {{"2", "--split", "0", "{tmp}/s"}, kExitError, "--split: K must be an integer from 1", ""},
      {{"2", "--split", "-1", "{tmp}/s"}, kExitError, "--split: K must be an integer", ""},
      {{"2", "--split", "x", "{tmp}/s"}, kExitError, "got \"x\"", ""},
      {{"2", "--split", "2000000", "{tmp}/s"}, kExitError, "from 1 to 1048576", ""},
      {{"2", "--split", "4"}, kExitUsage, "--split", ""},
      {{"2", "--split", "4", ""}, kExitError, "--split: DIR must not be empty", ""},
      {{"2", "--split", "4", "{tmp}/plain"}, kExitError, "exists and is not a directory", ""},
      {{"2", "--split", "4", "{tmp}/plain/sub"}, kExitError, "--split: cannot create", ""},
      {{"2", "--split", "4", "/proc/bel_pyramid_split"}, kExitError, "--split: cannot create", ""},
      {{"2", "--split", "4", "{tmp}/s", "--cert", "{data}/valid_n2.cert"},
       kExitError,
       "--split and --cert cannot be combined",
       ""},
      {{"2", "--split", "4", "{tmp}/s", "--cnf-encoder", "z3"},
       kExitError,
       "--split needs --cnf-encoder native",
       ""},
      // --split-under CUBE
      {{"2", "--split-under", "a 1 0"}, kExitError, "--split-under needs --split K DIR", ""},
      {{"2", "--split", "2", "{tmp}/s", "--split-under", "a 1 x 0"},
       kExitError,
       "--split-under: \"x\" is not a nonzero literal",
       "s"},
      {{"2", "--split", "2", "{tmp}/s", "--split-under", "a 1 0 2 0"},
       kExitError,
       "--split-under: \"0\" is not a nonzero literal",
       "s"},
      {{"2", "--split", "2", "{tmp}/s", "--split-under", "a -99999999 0"},
       kExitError,
       "--split-under: literal -99999999 is beyond the CNF's",
       "s"},
      {{"2", "--split", "2", "{tmp}/s", "--split-under", "a -2147483648 0"},
       kExitError,
       "is beyond the CNF's",
       "s"},
      {{"2", "--split", "2", "{tmp}/s", "--split-under"}, kExitUsage, "--split-under", "s"},
      // counting: --count, --all, --max-solutions, --up-to-symmetry, --part
      {{"2", "--max-solutions", "0", "--count"}, kExitError, "--max-solutions must be", ""},
      {{"2", "--max-solutions", "-3", "--count"}, kExitError, "--max-solutions must be", ""},
      {{"2", "--max-solutions", "x", "--all"}, kExitError, "--max-solutions must be", ""},
      {{"2", "--max-solutions", "", "--all"}, kExitError, "--max-solutions must be", ""},
      {{"2", "--max-solutions"}, kExitUsage, "--max-solutions", ""},
      {{"2", "--max-solutions", "3"}, kExitError, "--max-solutions needs --count or --all", ""},
      {{"2", "--up-to-symmetry"}, kExitError, "--up-to-symmetry needs --count or --all", ""},
      {{"2", "--part", "0/2"}, kExitError, "--part needs --count or --all", ""},
      {{"2", "--count", "--part", "2/2"}, kExitError, "--part must be I/M", ""},
      {{"2", "--count", "--part", "1"}, kExitError, "--part must be I/M", ""},
      {{"2", "--count", "--part", "/3"}, kExitError, "--part must be I/M", ""},
      {{"2", "--count", "--part", "1/0"}, kExitError, "--part must be I/M", ""},
      {{"2", "--count", "--part", "a/b"}, kExitError, "--part must be I/M", ""},
      {{"2", "--count", "--part", "0/3x"}, kExitError, "--part must be I/M", ""},
      {{"2", "--count", "--part", ""}, kExitError, "--part must be I/M", ""},
      {{"2", "--count", "--part", "0/28"}, kExitError, "at most 27 parts for N=2", ""},
      {{"2", "--count", "--solver", "local"}, kExitError, "solver \"local\" cannot count", ""},
      {{"2", "--all", "--solver", "z3"}, kExitError, "solver \"z3\" cannot count", ""},
      {{"2", "--count", "--threads", "3"}, kExitError, "counting runs in one thread", ""},
      {{"2", "--solver", "xcc", "--threads", "2"},
       kExitError,
       "solver \"xcc\" runs in one thread",
       ""},
      {{"2", "--count", "--cnf", "{tmp}/c.cnf"}, kExitError, "cannot be combined", "c.cnf"},
      {{"30", "--solver", "xcc"}, kExitError, "largest N that fits", ""},
      {{"2", "--count", "--centre-pattern", "0,2,0,0,0"},
       kExitError,
       "at most 1 + the largest",
       ""},
      {{"2", "--count", "--centre-pattern", "0,1,2"}, kExitError, "expected 5 labels", ""},
      {{"2", "--count", "--centre-pattern", "0,1,x,0,0"}, kExitError, "separated by commas", ""},
      {{"2", "--count", "--centre-pattern", "0,1,2,3,0"}, kExitError, "not below L=3", ""},
      {{"2", "--count", "--centre-pattern", ""}, kExitError, "separated by commas", ""},
      {{"2", "--count", "--centre-pattern", "0,1,0,0,0,"}, kExitError, "separated by commas", ""},
      {{"6", "--count", "--centre-pattern", "0"}, kExitError, "supported up to N=5", ""},
      {{"6", "--list-centre-patterns"}, kExitError, "supported up to N=5", ""},
      {{"2", "--centre-pattern", "0,1,0,0,0"}, kExitError, "--centre-pattern needs --count", ""},
      {{"2", "--count", "--centre-pattern", "0,1,0,0,0", "--strategy", "YStep"},
       kExitError,
       "takes no --strategy",
       ""},
      {{"2", "--estimate", "10"}, kExitError, "--estimate needs --count", ""},
      {{"2", "--count", "--estimate", "0"}, kExitError, "--estimate must be a positive", ""},
      {{"2", "--all", "--estimate", "10"}, kExitError, "--estimate goes with --count alone", ""},
      {{"2", "--count", "--solver", "cadical", "--estimate", "10"},
       kExitError,
       "--estimate goes with --count alone",
       ""},
      {{"40", "--count", "--up-to-symmetry", "--solver", "xcc"},
       kExitError,
       "--up-to-symmetry supports N <= 32",
       ""},
      // --proof FILE
      {{"2", "--proof"}, kExitUsage, "--proof", ""},
      {{"2", "--solver", "cadical", "--proof", ""}, kExitError, "--proof needs a value", ""},
      {{"2", "--portfolio", "local,local", "--proof", "{tmp}/p.drat"},
       kExitError,
       "needs exactly one cadical racer",
       "p.drat"},
      {{"2", "--portfolio", "cadical,cadical", "--proof", "{tmp}/p.drat"},
       kExitError,
       "needs exactly one cadical racer",
       "p.drat"},
      {{"2", "--solver", "z3", "--proof", "{tmp}/p.drat"},
       kExitError,
       "--proof needs --solver cadical",
       "p.drat"},
      {{"2", "--solver", "cadical", "--proof", "-"}, kExitError, "not for stdout", ""},
      {{"2", "--solver", "cadical", "--proof", "{tmp}/p.drat.gz"},
       kExitError,
       "drat-trim reads only uncompressed proofs; drop the .gz suffix",
       "p.drat.gz"},
      {{"2", "--solver", "cadical", "--proof", "{tmp}/p.drat.xz"},
       kExitError,
       "drop the .xz suffix",
       "p.drat.xz"},
      {{"2", "--solver", "cadical", "--threads", "2", "--proof", "{tmp}/p.drat"},
       kExitError,
       "--proof needs one CaDiCaL thread",
       "p.drat"},
      {{"2", "--solver", "cadical", "--cnf-encoder", "z3", "--proof", "{tmp}/p.drat"},
       kExitError,
       "it needs --cnf-encoder native",
       "p.drat"},
      {{"2", "--solver", "cadical", "--count", "--proof", "{tmp}/p.drat"},
       kExitError,
       "--proof needs a search",
       "p.drat"},
      {{"2", "--solver", "cadical", "--skip-solver", "--proof", "{tmp}/p.drat"},
       kExitError,
       "--proof needs a search",
       "p.drat"},
      {{"2", "--solver", "cadical", "--split", "2", "{tmp}/s", "--proof", "{tmp}/p.drat"},
       kExitError,
       "--proof needs a search",
       "p.drat"},
      {{"2", "--solver", "cadical", "--proof", "{tmp}/no/such/dir/p.drat"},
       kExitError,
       "cannot create \"{tmp}/no/such/dir/p.drat\"",
       ""},
      {{"2", "--solver", "cadical", "--proof", "{tmp}"}, kExitError, "it is a directory", ""},
      // An unsat answer whose proof cannot be written publishes nothing.
      {{"2", "--strategy", "BottomCenter012", "--strategy", "LabelPermutation", "--solver",
        "cadical", "--json", "{tmp}/r.json", "--proof", "/dev/full"},
       kExitError,
       "cannot write \"/dev/full\"",
       "r.json"},
  };
  return table;
}

// Each output option into each kind of unwritable place.
std::vector<Row> output_rows() {
  std::vector<Row> out;
  for (const std::string option : {"--cnf", "--smt2", "--var-map", "--json", "--svg"}) {
    const auto row = [&](std::string path, std::string fragment, std::string output) {
      out.push_back({{"2", option, path, "--skip-solver"}, kExitError, fragment, output});
    };
    row("{tmp}/no/such/dir/x.out", "cannot create \"{tmp}/no/such/dir/x.out\": No such file", "");
    row("{tmp}/plain/x.out", "cannot create \"{tmp}/plain/x.out\": Not a directory", "");
    row("/proc/bel_pyramid_test.out", "cannot create \"/proc/bel_pyramid_test.out\"", "");
    row("{tmp}", "it is a directory", "");
    row("/dev/full", "cannot write \"/dev/full\": No space left on device", "");
    row("", option + " needs a value", "");
  }
  // A later output that fails must not leave the earlier ones behind, whether
  // its name is bad or the write fails (/dev/full): outputs appear together.
  out.push_back({{"2", "--var-map", "{tmp}/m.txt", "--cnf", "/dev/full", "--skip-solver"},
                 kExitError,
                 "cannot write \"/dev/full\"",
                 "m.txt"});
  out.push_back({{"2", "--cnf", "{tmp}/c.cnf", "--smt2", "/dev/full", "--skip-solver"},
                 kExitError,
                 "cannot write \"/dev/full\"",
                 "c.cnf"});
  out.push_back({{"2", "--cnf", "{tmp}/c.cnf.xz", "--var-map", "{tmp}/m.txt", "--smt2", "/dev/full",
                  "--skip-solver"},
                 kExitError,
                 "cannot write \"/dev/full\"",
                 "m.txt"});
  out.push_back({{"2", "--var-map", "{tmp}/m.txt", "--cnf", "{tmp}/plain/c.cnf", "--skip-solver"},
                 kExitError,
                 "Not a directory",
                 "m.txt"});
  out.push_back({{"2", "--cnf", "{tmp}/c.cnf", "--smt2", "/proc/x.smt2", "--skip-solver"},
                 kExitError,
                 "cannot create \"/proc/x.smt2\"",
                 "c.cnf"});
  out.push_back({{"2", "--var-map", "{tmp}/m.txt", "--cnf", "{tmp}/c.cnf", "--smt2", "{tmp}/no/x",
                  "--solver", "z3"},
                 kExitError,
                 "No such file",
                 "c.cnf"});
  out.push_back({{"2", "--json", "{tmp}/r.json", "--svg", "/dev/full"},
                 kExitError,
                 "cannot write \"/dev/full\"",
                 "r.json"});
  out.push_back({{"--check", "{solutions}/n3.txt", "--svg", "{tmp}/p.svg", "--json", "/dev/full"},
                 kExitError,
                 "cannot write \"/dev/full\"",
                 "p.svg"});
  out.push_back({{"2", "--cnf", "{tmp}/c.cnf.gz", "--smt2", "{tmp}", "--skip-solver"},
                 kExitError,
                 "it is a directory",
                 "c.cnf.gz"});
  return out;
}

// Each kind of bad certificate, for N=2 unless the row says otherwise.
std::vector<Row> certificate_rows() {
  const auto cert = [](std::string path, std::string fragment, std::string n = "2") {
    return Row{{n, "--cert", path}, kExitError, fragment, ""};
  };
  return {
      cert("{tmp}/missing.cert", "cannot open \"{tmp}/missing.cert\": No such file"),
      cert("{tmp}", "cannot read \"{tmp}\""),
      cert("{tmp}/empty.cert", "{tmp}/empty.cert:1: parse error: empty certificate"),
      cert("{tmp}/blank.cert", "{tmp}/blank.cert:1: parse error: empty certificate"),
      cert("{tmp}/binary.cert", "{tmp}/binary.cert:1: parse error: binary data"),
      cert("{tmp}/huge.cert", "{tmp}/huge.cert:2500002: parse error: invalid literal \"3x\""),
      cert("{tmp}/truncated.cert", "{tmp}/truncated.cert:3: parse error: invalid literal \"-\""),
      cert("{data}/wrong_n.cert", "likely comes from a different N", "3"),
      cert("{data}/valid_n2.cert", "likely comes from a different N", "3"),
      cert("{data}/valid_n2.cert", "valid_n2.cert:2: parse error: literal 5 out of range", "1"),
      cert("{data}/corrupt_gzip.cert", "parse error: truncated gzip data"),
      cert("/dev/full", "/dev/full:1: parse error: binary data"),  // endless zeros: stops early
      cert("/dev/null", "/dev/null:1: parse error: empty certificate"),
  };
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string substitute(std::string s, const std::string& key, const std::string& value) {
  for (std::size_t at = s.find(key); at != std::string::npos; at = s.find(key, at + value.size()))
    s.replace(at, key.size(), value);
  return s;
}

class CliTable : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string pattern = (fs::temp_directory_path() / "bel_pyramid_table_XXXXXX").string();
    tmp_ = ::mkdtemp(pattern.data());
    std::ofstream(tmp_ / "plain") << "a regular file, not a directory\n";
    std::ofstream(tmp_ / "empty.cert");
    std::ofstream(tmp_ / "blank.cert") << "\n  \n\t\n";
    std::ofstream(tmp_ / "binary.cert", std::ios::binary) << std::string(
        "\x7f"
        "ELF\x02\x01\x01\0\0",
        9);
    const std::string n2 =
        "c bel_pyramid checkpoint\nc levels 2\nc cost 0\nc seconds 1.0\n"
        "+----------+\n|  1  2  1 |  1\n|  0  2  0 |  0  0\n|  1  2  1 |  2\n+----------+\n"
        "   1  2  0\n      0\n";
    std::ofstream(tmp_ / "n2.ckpt") << n2;
    std::ofstream(tmp_ / "bad_seconds.ckpt") << substitute(n2, "seconds 1.0", "seconds -1");
    std::ofstream(tmp_ / "bad_drawing.ckpt") << substitute(n2, "|  0  2  0 |", "|  0  x  0 |");
    std::ofstream(tmp_ / "truncated.cert") << "c cut off mid-line\ns SATISFIABLE\nv 1 -2 -";
    std::ofstream huge(tmp_ / "huge.cert");  // ~20 MB; the bad token is on its last line
    huge << "s SATISFIABLE\n";
    const std::string line = "v 1 -2 3\n";
    for (int i = 0; i < 2500000; ++i) huge << line;
    huge << "v 3x 0\n";
  }
  static void TearDownTestSuite() { fs::remove_all(tmp_); }

  static std::string expand(const std::string& s) {
    return substitute(substitute(substitute(s, "{tmp}", tmp_.string()), "{data}",
                                 BEL_PYRAMID_TEST_DATA "/certificates"),
                      "{solutions}", BEL_PYRAMID_TEST_DATA "/solutions");
  }

  // Runs one row, first with its output absent and then with an old file there.
  static void check(const Row& row) {
    std::vector<std::string> args;
    for (const std::string& a : row.args) args.push_back(expand(a));
    SCOPED_TRACE(fmt::format("bel_pyramid {}", fmt::join(args, " ")));
    const fs::path output = tmp_ / row.output;
    for (const bool existed : {false, true}) {
      const std::string old = "an older file that a failed run must keep\n";
      if (!row.output.empty()) {
        fs::remove(output);
        if (existed) std::ofstream(output) << old;
      }
      const auto r = run_command(args);
      EXPECT_EQ(r.exit_code, row.exit_code);
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
      const bool user_error = r.err.rfind("bel_pyramid: error: ", 0) == 0;
      EXPECT_TRUE(user_error || r.err.find(": parse error: ") != std::string::npos) << r.err;
      EXPECT_NE(r.err.find(expand(row.fragment)), std::string::npos) << r.err;
      if (!row.output.empty()) {
        EXPECT_EQ(fs::exists(output), existed);
        if (existed) EXPECT_EQ(slurp(output), old);
      }
      for (const auto& entry : fs::directory_iterator(tmp_))
        EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos)
            << entry.path();
      if (row.output.empty()) break;
    }
  }

  static inline fs::path tmp_;
};

TEST_F(CliTable, OptionValues) {
  for (const Row& row : rows()) check(row);
}

TEST_F(CliTable, OutputTargets) {
  for (const Row& row : output_rows()) check(row);
  struct stat st {};
  ASSERT_EQ(::stat("/dev/full", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode)) << "/dev/full was replaced";
}

// The positive control: a run that succeeds publishes every output.
TEST_F(CliTable, SuccessfulRunPublishesEveryOutput) {
  const auto r =
      run_command({"2", "--cnf", expand("{tmp}/ok.cnf.gz"), "--var-map", expand("{tmp}/ok.map"),
                   "--smt2", expand("{tmp}/ok.smt2"), "--skip-solver"});
  ASSERT_EQ(r.exit_code, kExitOk) << r.err;
  for (const char* name : {"ok.cnf.gz", "ok.map", "ok.smt2"}) {
    EXPECT_GT(fs::file_size(tmp_ / name), 0u) << name;
    fs::remove(tmp_ / name);
  }
}

TEST_F(CliTable, Certificates) {
  for (const Row& row : certificate_rows()) check(row);
}

// The memory guard estimates what the run builds: N=12 is far too large for
// the Z3 lowering on any test machine, while local search only keeps O(cubes).
TEST(MemoryGuard, RefusesForZ3WhatLocalSearchRuns) {
  const auto z3 = run_command({"12", "--solver", "z3"});
  EXPECT_EQ(z3.exit_code, kExitError);
  EXPECT_NE(z3.err.find("N=12 needs about"), std::string::npos) << z3.err;
  EXPECT_NE(z3.err.find("(largest N that fits: "), std::string::npos) << z3.err;
  const auto local = run_command({"12", "--solver", "local", "--timeout", "0.5"});
  EXPECT_EQ(local.exit_code, kExitUnknown) << local.err;
  EXPECT_NE(local.out.find("Solver gave up after"), std::string::npos);
}

TEST(MemoryGuard, EstimateFollowsThePath) {
  const auto estimate = [](std::string solver, std::string cnf, std::string smt2, bool skip) {
    Options o;
    o.levels = 6;
    o.solver = std::move(solver);
    o.cnf_path = std::move(cnf);
    o.smt2_path = std::move(smt2);
    o.skip_solver = skip;
    return estimated_memory_bytes(o);
  };
  const double z3 = estimate("z3", "", "", false);
  const double cadical = estimate("cadical", "", "", false);
  const double cnf_only = estimate("local", "x.cnf", "", true);
  const double local = estimate("local", "", "", false);
  EXPECT_GT(z3, cadical);
  EXPECT_EQ(cadical, estimate("portfolio", "", "", false));
  EXPECT_GT(cadical, cnf_only);
  EXPECT_GT(cnf_only, local);
  EXPECT_EQ(z3, estimate("local", "", "x.smt2", false));  // the export lowers to Z3
  // Measured peak RSS at N=6: CaDiCaL 474 MB, CNF export 67 MB; the guard must not
  // estimate below what was measured.
  EXPECT_GT(cadical, 474e6);
  EXPECT_GT(cnf_only, 67e6);
  EXPECT_LT(local, 64e6);
}

// The table is the count the reliability report quotes.
TEST_F(CliTable, CoversEveryBadInputKind) {
  EXPECT_GE(rows().size() + output_rows().size() + certificate_rows().size(), 90u);
}

}  // namespace
}  // namespace bel_pyramid
