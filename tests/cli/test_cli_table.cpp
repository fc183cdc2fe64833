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

// kExitUsage: the command line itself (a value, a combination, an option the
// run would not use); kExitError: a file, its contents, or a later failure.
const std::vector<Row>& rows() {
  static const std::vector<Row> table = {
      // N
      {{}, kExitUsage, "missing N", ""},
      {{"0"}, kExitUsage, "N must be at least 1, got 0", ""},
      {{"-1"}, kExitUsage, "N must be at least 1, got -1", ""},
      {{"-99999999999999999999"}, kExitUsage, "N must be", ""},
      {{"abc"}, kExitUsage, "N must be a positive integer, got \"abc\"", ""},
      {{"2.5"}, kExitUsage, "N must be a positive integer, got \"2.5\"", ""},
      {{"1e3"}, kExitUsage, "N must be a positive integer, got \"1e3\"", ""},
      {{"0x10"}, kExitUsage, "N must be a positive integer", ""},
      {{"+3"}, kExitUsage, "N must be a positive integer", ""},
      {{" 3"}, kExitUsage, "N must be a positive integer", ""},
      {{""}, kExitUsage, "missing N", ""},
      {{"99999999999999999999"}, kExitUsage, "is too large", ""},
      {{"100001"}, kExitUsage, "is too large", ""},
      {{"40", "--strategy", "YStep"}, kExitUsage, "largest N that fits", ""},
      {{"40", "--solver", "z3"}, kExitUsage, "largest N that fits", ""},
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
      {{"3", "--list-strategies"},
       kExitUsage,
       "--list-strategies lists the strategies and exits; it takes no N",
       ""},
      {{"--list-strategies", "--seed", "1"},
       kExitUsage,
       "--seed cannot be used with it (only --json)",
       ""},
      {{"--list-strategies", "--json", "{tmp}/plain/s.json"}, kExitError, "Not a directory", ""},
      {{"3", "--tactic", "sat"}, kExitUsage, "sat not in {qffd,qflia,z3-default}", ""},
      {{"3", "--tactic", "qfd"}, kExitUsage, "qfd not in {", ""},
      {{"3", "--finite-domain", "bool"}, kExitUsage, "bool not in {int,enum}", ""},
      {{"3", "--finite-domain", "enums"}, kExitUsage, "enums not in {int,enum}", ""},
      {{"3", "--solver", "minisat"}, kExitUsage, "minisat not in {", ""},
      {{"3", "--solver", "cadicall"}, kExitUsage, "cadicall not in {", ""},
      {{"3", "--solver", ""}, kExitUsage, "not in {", ""},
      {{"3", "--cnf-encoder", "kissat"}, kExitUsage, "kissat not in {native,z3,completion}", ""},
      // The completion's CNF is that of a shape, and a file's.
      {{"3", "--cnf-encoder", "completion", "--cnf", "{tmp}/t.cnf"},
       kExitError,
       "--cnf-encoder completion: the completion does not take this formulation",
       "t.cnf"},
      {{"3", "--hypothesis", "{doc}/hypotheses/ColumnStep.hyp", "--cnf-encoder", "completion",
        "--solver", "cadical"},
       kExitUsage,
       "--cnf-encoder completion names the CNF of --cnf, --var-map, --cert or --split",
       ""},
      {{"3", "--hypothesis", "{doc}/hypotheses/ColumnStep.hyp", "--cnf-encoder", "completion",
        "--cnf-tune", "cube-amo=pairwise", "--cnf", "{tmp}/t.cnf"},
       kExitUsage,
       "--cnf-encoder completion reads no --cnf-tune key but completion-amo and cube-matching",
       "t.cnf"},
      {{"3", "--cnf-encoder", "natve"}, kExitUsage, "natve not in {", ""},
      // The Z3 encoder of a run that builds no CNF would be ignored.
      {{"3", "--cnf-encoder", "z3", "--solver", "local"},
       kExitUsage,
       "--cnf-encoder is used only with a CNF (--cnf, --var-map",
       ""},
      {{"3", "--cnf-encoder", "z3", "--solver", "z3"},
       kExitUsage,
       "--cnf-encoder is used only",
       ""},
      {{"2", "--cnf-tune", "bogus=1", "--cnf", "{tmp}/t.cnf"},
       kExitUsage,
       "unknown key \"bogus\"",
       "t.cnf"},
      {{"2", "--cnf-tune", "cube-amo", "--cnf", "{tmp}/t.cnf"},
       kExitUsage,
       "expects KEY=VALUE",
       "t.cnf"},
      {{"2", "--cnf-tune", "cube-amo=tree", "--cnf", "{tmp}/t.cnf"},
       kExitUsage,
       "expected pairwise",
       "t.cnf"},
      {{"2", "--cnf-tune", "order-ladder=maybe", "--cnf", "{tmp}/t.cnf"},
       kExitUsage,
       "expected on or off",
       "t.cnf"},
      {{"2", "--cnf-tune", "count-doubles=2", "--cnf", "{tmp}/t.cnf"},
       kExitUsage,
       "expected on or off",
       "t.cnf"},
      // From N=9 on the bare puzzle's default portfolio races local searches
      // only, which build no CNF: a CaDiCaL setting is refused.
      {{"9", "--cnf-tune", "cadical-config=sat"},
       kExitUsage,
       "the native CNF encoder (--cnf, --var-map, --cert, --split, or a search that runs CaDiCaL "
       "(--solver cadical or construct, or a portfolio racing one))",
       ""},
      {{"2", "--cnf-tune", "cadical-config=fast", "--solver", "cadical"},
       kExitUsage,
       "expected default, sat or unsat",
       ""},
      {{"2", "--cnf-tune", "cadical-phase=2", "--solver", "cadical"},
       kExitUsage,
       "expected 0 or 1",
       ""},
      {{"2", "--cnf-tune", "bogus=1", "--solver", "cadical"},
       kExitUsage,
       "unknown key \"bogus\"",
       ""},
      // --local-tune: every key and value checked, never ignored
      {{"2", "--solver", "local", "--local-tune", "bogus=1"},
       kExitUsage,
       "unknown key \"bogus\"",
       ""},
      {{"2", "--solver", "local", "--local-tune", "tmin"}, kExitUsage, "expects KEY=VALUE", ""},
      {{"2", "--solver", "local", "--local-tune", "replicas=2.5"},
       kExitUsage,
       "--local-tune replicas: expected an integer from 1 to 64, got \"2.5\"",
       ""},
      {{"2", "--solver", "local", "--local-tune", "replicas=0"}, kExitUsage, "from 1 to 64", ""},
      {{"2", "--solver", "local", "--local-tune", "swap=0.5x"}, kExitUsage, "got \"0.5x\"", ""},
      {{"2", "--solver", "local", "--local-tune", "tmin="}, kExitUsage, "got \"\"", ""},
      {{"2", "--solver", "local", "--local-tune", "tmin=nan"}, kExitUsage, "got \"nan\"", ""},
      {{"2", "--solver", "local", "--local-tune", "tmin=0.5"},
       kExitUsage,
       "--local-tune: tmin (0.5) is above tmax (0.35)",
       ""},
      {{"2", "--solver", "cadical", "--local-tune", "tmin=0.1"},
       kExitUsage,
       "--local-tune is used only with a search that runs the local search",
       ""},
      // conflicting outputs on standard output / input
      {{"2", "--cnf", "-", "--smt2", "-"},
       kExitUsage,
       "only one of --cnf, --smt2 and --var-map",
       ""},
      {{"2", "--cnf", "-", "--var-map", "-"},
       kExitUsage,
       "only one of --cnf, --smt2 and --var-map",
       ""},
      {{"2", "--smt2", "-", "--var-map", "-"},
       kExitUsage,
       "only one of --cnf, --smt2 and --var-map",
       ""},
      {{"2", "--cnf", "-", "--cert", "-"}, kExitUsage, "cannot both read standard input", ""},
      // --timeout
      {{"2", "--timeout", "-1"},
       kExitUsage,
       "--timeout must be a positive number of seconds, got \"-1\"",
       ""},
      {{"2", "--timeout", "0"}, kExitUsage, "--timeout must be a positive number", ""},
      {{"2", "--timeout", "abc"}, kExitUsage, "--timeout must be a positive number", ""},
      {{"2", "--timeout", "nan"}, kExitUsage, "--timeout must be a positive number", ""},
      {{"2", "--timeout", "inf"}, kExitUsage, "--timeout must be a positive number", ""},
      {{"2", "--timeout", "1e400"}, kExitUsage, "--timeout must be a positive number", ""},
      {{"2", "--timeout", "5s"}, kExitUsage, "--timeout must be a positive number", ""},
      {{"2", "--timeout", ""}, kExitUsage, "--timeout needs a value", ""},
      // --seed
      {{"2", "--seed", "-1"}, kExitUsage, "--seed must be an integer from 0 to 4294967295", ""},
      {{"2", "--seed", "abc"}, kExitUsage, "--seed must be an integer", ""},
      {{"2", "--seed", "1.5"}, kExitUsage, "--seed must be an integer", ""},
      {{"2", "--seed", "4294967296"}, kExitUsage, "--seed must be an integer", ""},
      {{"2", "--seed", ""}, kExitUsage, "--seed needs a value", ""},
      // --threads
      {{"2", "--threads", "0"}, kExitUsage, "--threads must be an integer from 1 to 256", ""},
      {{"2", "--threads", "257"}, kExitUsage, "--threads must be an integer from 1 to 256", ""},
      {{"2", "--threads", "two"}, kExitUsage, "--threads must be an integer", ""},
      {{"2", "--threads", ""}, kExitUsage, "--threads needs a value", ""},
      {{"2", "--threads", "1"}, kExitUsage, "the portfolio needs at least 2", ""},
      // --portfolio
      {{"2", "--portfolio", "local,z3"}, kExitUsage, "--portfolio: \"z3\" is not a racer", ""},
      {{"2", "--portfolio", "local,"}, kExitUsage, "--portfolio: \"\" is not a racer", ""},
      {{"2", "--portfolio", "Local"}, kExitUsage, "\"Local\" is not a racer (racers: ", ""},
      {{"2", "--portfolio", "local:sat"}, kExitUsage, "\"local:sat\" is not a racer (racers: ", ""},
      {{"2", "--portfolio", "cadical:fast"},
       kExitUsage,
       "\"cadical:fast\" is not a racer (racers: cadical, construct, local; a CaDiCaL one may "
       "name its configuration: cadical:default|sat|unsat)",
       ""},
      {{"2", "--portfolio", ""}, kExitUsage, "--portfolio needs a value", ""},
      {{"2", "--solver", "local", "--portfolio", "local"},
       kExitUsage,
       "it needs --solver portfolio, not local",
       ""},
      {{"2", "--portfolio", "local,cadical", "--threads", "3"},
       kExitUsage,
       "--threads 3 does not match the 2 racers of --portfolio",
       ""},
      // --log, --checkpoint, --checkpoint-every, --resume
      {{"2", "--log", ""}, kExitUsage, "--log needs a value", ""},
      {{"2", "--log", "{tmp}/plain/x.log"}, kExitError, "cannot append to log file", ""},
      {{"2", "--checkpoint", ""}, kExitUsage, "--checkpoint needs a value", ""},
      {{"2", "--solver", "cadical", "--checkpoint", "{tmp}/c.txt"},
       kExitUsage,
       "--checkpoint is used only with a search that keeps a state (--solver local, or a "
       "portfolio racing one)",
       "c.txt"},
      {{"2", "--checkpoint", "{tmp}/plain/c.txt"}, kExitError, "{tmp}/plain/c.txt", ""},
      {{"2", "--checkpoint-every", "0"},
       kExitUsage,
       "--checkpoint-every must be a positive number of seconds",
       ""},
      {{"2", "--checkpoint-every", "x"}, kExitUsage, "--checkpoint-every must be", ""},
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
      // a corrupt or foreign checkpoint is never trusted
      {{"2", "--resume", "{tmp}/label9.ckpt"},
       kExitError,
       "label9.ckpt:7: parse error: label 9 is out of range: N=2 has labels 0 to 2",
       ""},
      {{"2", "--solver", "local", "--resume", "{tmp}/negative_cost.ckpt"},
       kExitError,
       "negative_cost.ckpt:3: parse error: bad value '-5' for cost",
       ""},
      {{"2", "--resume", "{tmp}/wrong_cost.ckpt"},
       kExitError,
       "wrong_cost.ckpt: parse error: 'c cost 4' does not match its state, whose cost is",
       ""},
      {{"2", "--resume", "{tmp}/ystep.ckpt"},
       kExitError,
       "the checkpoint was made under the strategies YStep, this run has none",
       ""},
      {{"2", "--strategy", "XStep", "--resume", "{tmp}/ystep.ckpt"},
       kExitError,
       "made under the strategies YStep, this run has XStep",
       ""},
      {{"2", "--resume", "{tmp}/hypothesis.ckpt"},
       kExitError,
       "the checkpoint was made under the hypothesis files (SHA-256) 70dac9d996c3, this run has "
       "none",
       ""},
      {{"2", "--hypothesis", "{tmp}/other.hyp", "--resume", "{tmp}/hypothesis.ckpt"},
       kExitError,
       "made under the hypothesis files (SHA-256) 70dac9d996c3, this run has ",
       ""},
      {{"2", "--solver", "z3", "--resume", "{tmp}/n2.ckpt"},
       kExitUsage,
       "--resume is used only with a search that starts from a state",
       ""},
      // a count's checkpoint: only of a --quotient part, the same part
      {{"2", "--count", "--checkpoint", "{tmp}/c.txt"},
       kExitUsage,
       "--checkpoint is used only with a search that keeps a state (--solver local, or a "
       "portfolio racing one) or a --count --quotient without --estimate",
       "c.txt"},
      {{"2", "--count", "--quotient", "0/3", "--estimate", "5", "--resume", "{tmp}/part0.qckpt"},
       kExitUsage,
       "--resume is used only with a search that starts from a state",
       ""},
      {{"2", "--count", "--quotient", "0/3", "--resume", "{tmp}/n2.ckpt"},
       kExitError,
       "n2.ckpt:1: parse error: expected 'c bel_pyramid count checkpoint'",
       ""},
      {{"2", "--count", "--quotient", "1/3", "--resume", "{tmp}/part0.qckpt"},
       kExitError,
       "the checkpoint is of part 0/3 at N=2, this run counts part 1/3 at N=2",
       ""},
      {{"3", "--count", "--quotient", "0/3", "--resume", "{tmp}/part0.qckpt"},
       kExitError,
       "the checkpoint is of part 0/3 at N=2, this run counts part 0/3 at N=3",
       ""},
      // --perturb: a count, only with --resume; it never launders a corrupt checkpoint
      {{"2", "--perturb", "3"}, kExitUsage, "--perturb is used only with --resume", ""},
      {{"2", "--resume", "{tmp}/n2.ckpt", "--perturb", ""},
       kExitUsage,
       "--perturb needs a value",
       ""},
      {{"2", "--resume", "{tmp}/n2.ckpt", "--perturb", "0"},
       kExitUsage,
       "--perturb must be an integer from 1 to 100000, got \"0\"",
       ""},
      {{"2", "--resume", "{tmp}/n2.ckpt", "--perturb", "x"},
       kExitUsage,
       "--perturb must be an integer from 1 to 100000",
       ""},
      {{"2", "--resume", "{tmp}/n2.ckpt", "--perturb", "100001"},
       kExitUsage,
       "--perturb must be an integer from 1 to 100000",
       ""},
      {{"2", "--resume", "{tmp}/wrong_cost.ckpt", "--perturb", "2"},
       kExitError,
       "wrong_cost.ckpt: parse error: 'c cost 4' does not match its state",
       ""},
      {{"2", "--solver", "z3", "--resume", "{tmp}/n2.ckpt", "--perturb", "2"},
       kExitUsage,
       "--resume is used only with a search that starts from a state",
       ""},
      {{"--check", "-", "--perturb", "3"}, kExitUsage, "--perturb cannot be used with it", ""},
      {{"2", "--solver", "z3", "--threads", "4"},
       kExitUsage,
       "solver \"z3\" runs in one thread",
       ""},
      {{"2", "--cert", ""}, kExitUsage, "--cert needs a value", ""},
      // --check, --json, --svg
      {{"--check", ""}, kExitUsage, "--check needs a value", ""},
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
       kExitUsage,
       "--check reads a solution; --solver cannot be used with it",
       ""},
      {{"--check", "-", "--cert", "-"}, kExitUsage, "--cert cannot be used with it", ""},
      // --hypothesis, --given
      {{"3", "--hypothesis", ""}, kExitUsage, "--hypothesis needs a value", ""},
      {{"3", "--hypothesis", "{tmp}/missing.hyp"}, kExitError, "--hypothesis: cannot read", ""},
      {{"3", "--hypothesis", "{tmp}"}, kExitError, "--hypothesis: cannot read", ""},
      {{"3", "--hypothesis", "{hypotheses}/unknown_variable.hyp"},
       kExitError,
       "unknown_variable.hyp:2:1: parse error: unknown variable 'W'",
       ""},
      {{"2", "--hypothesis", "{hypotheses}/label_too_large.hyp"},
       kExitError,
       "label_too_large.hyp:1:10: parse error: label 3 >= 2N-1 = 3",
       ""},
      {{"2", "--hypothesis", "{hypotheses}/index_out_of_range.hyp", "--cnf", "{tmp}/h.cnf"},
       kExitError,
       "index_out_of_range.hyp:2:3: parse error: index out of range for N=2: X[0,1]",
       "h.cnf"},
      {{"3", "--hypothesis", "{hypotheses}/empty.hyp"},
       kExitError,
       "empty.hyp:2:1: parse error: empty hypothesis",
       ""},
      {{"3", "--hypothesis", "{hypotheses}/unbalanced.hyp"},
       kExitError,
       "unbalanced.hyp:1:4: parse error: unbalanced brackets: '(' is never closed",
       ""},
      {{"3", "--hypothesis", "{hypotheses}/levels_4.hyp", "--json", "{tmp}/h.json"},
       kExitError,
       "levels_4.hyp:2:1: parse error: the file holds for N=4 only, not N=3",
       "h.json"},
      {{"2", "--hypothesis", "{hypotheses}/too_many_items.hyp", "--cnf", "{tmp}/h.cnf"},
       kExitError,
       "too_many_items.hyp:2:40: parse error: the hypothesis has more than 1000000 comparisons "
       "and list items",
       "h.cnf"},
      {{"3", "--hypothesis", "{hypotheses}/x00_is_0.hyp", "--hypothesis",
        "{hypotheses}/../hypotheses/x00_is_0.hyp"},
       kExitError,
       "x00_is_0.hyp\" is given twice (its constraints would be applied twice)",
       ""},
      {{"--check", "{solutions}/../reports/sample_n3.txt"},
       kExitError,
       "parse error: the report holds 2 solutions; --check reads one",
       ""},
      {{"--check", "{solutions}/n3.txt", "--hypothesis", "{hypotheses}/x00_is_0.hyp"},
       kExitError,
       "violates strategy x00_is_0.hyp (its constraint 1 of 1)",
       ""},
      // --param, --sweep, --sweep-part, --every-member, --conflicts
      {{"3", "--param", "f=1"}, kExitUsage, "--param is used only with --hypothesis", ""},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--param", "f"},
       kExitUsage,
       "--param f: expected NAME=VALUE",
       ""},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--param", "f=x"},
       kExitUsage,
       "--param f=x: the value must be an integer",
       ""},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--param", "f=1", "--param", "f=2"},
       kExitUsage,
       "--param f is given twice",
       ""},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--param", "f=1,x", "--sweep",
        "{tmp}/sw"},
       kExitUsage,
       "--param f=1,x: the value must be an integer",
       "sw"},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--param", "f=3..1", "--sweep",
        "{tmp}/sw"},
       kExitUsage,
       "--param f=3..1: a range A..B needs A <= B",
       "sw"},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--param", "f=1", "--param", "f=2,3",
        "--sweep", "{tmp}/sw"},
       kExitUsage,
       "--param f is given twice",
       "sw"},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--param", "f=1,2", "--json",
        "{tmp}/p.json"},
       kExitUsage,
       "--param f=...: a list of values picks the members of a --sweep",
       "p.json"},
      {{"--check", "{solutions}/n3.txt", "--hypothesis", "{hypotheses}/shift_family.hyp", "--param",
        "f=1,2"},
       kExitUsage,
       "--param f=...: a list of values picks the members of a --sweep",
       ""},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--param", "f=1,9", "--sweep",
        "{tmp}/sw"},
       kExitError,
       "--param f=...: no member of shift_family.hyp at N=3 has f=9",
       "sw"},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--param", "g=1..2", "--sweep",
        "{tmp}/sw"},
       kExitError,
       "--param g=...: shift_family.hyp declares no parameter 'g'",
       "sw"},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--param", "f=1", "--param", "g=2",
        "--json", "{tmp}/p.json"},
       kExitError,
       "--param g=2: no --hypothesis file declares a parameter 'g'",
       "p.json"},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--cnf", "{tmp}/p.cnf"},
       kExitError,
       "shift_family.hyp:2:7: parse error: the parameter 'f' has no value (it takes 0..4 at N=3)",
       "p.cnf"},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--param", "f=5"},
       kExitError,
       "parse error: the parameter f = 5 is not one of its values (0..4 at N=3)",
       ""},
      {{"3", "--sweep", "{tmp}/sw"}, kExitUsage, "--sweep is used only with --hypothesis", ""},
      {{"3", "--hypothesis", "{hypotheses}/x00_is_0.hyp", "--sweep", "{tmp}/sw"},
       kExitError,
       "--sweep: no --hypothesis file has a parameter left free",
       "sw"},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--sweep", "{tmp}/plain/sw"},
       kExitError,
       "--sweep {tmp}/plain/sw: cannot create the directory",
       ""},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--sweep", ""},
       kExitUsage,
       "--sweep needs a value",
       ""},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--sweep", "{tmp}/sw", "--count"},
       kExitUsage,
       "--sweep cannot be combined with --count or --all",
       "sw"},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--sweep", "{tmp}/sw", "--cnf",
        "{tmp}/sw.cnf"},
       kExitUsage,
       "--sweep cannot be combined with --cnf",
       "sw.cnf"},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--sweep", "{tmp}/sw", "--json",
        "{tmp}/sw.json"},
       kExitUsage,
       "--json is used only with",
       "sw.json"},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--sweep", "{tmp}/sw", "--sweep-part",
        "0/2"},
       kExitUsage,
       "--sweep-part 0/2: expected K/M with 1 <= K <= M",
       "sw"},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--sweep", "{tmp}/sw", "--sweep-part",
        "3/2"},
       kExitUsage,
       "--sweep-part 3/2: expected K/M",
       "sw"},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--sweep", "{tmp}/sw", "--sweep-part",
        "1"},
       kExitUsage,
       "--sweep-part 1: expected K/M",
       "sw"},
      {{"3", "--sweep-part", "1/2"}, kExitUsage, "--sweep-part is used only with a sweep", ""},
      {{"3", "--every-member"}, kExitUsage, "--every-member is used only with a sweep", ""},
      {{"3", "--keep-learned"}, kExitUsage, "--keep-learned is used only with a sweep", ""},
      {{"3", "--hypothesis", "{hypotheses}/shift_family.hyp", "--sweep", "{tmp}/sw",
        "--keep-learned", "--solver", "local"},
       kExitUsage,
       "--keep-learned is used only with a search that runs CaDiCaL",
       "sw"},
      {{"3", "--conflicts", "0", "--solver", "cadical"},
       kExitUsage,
       "--conflicts 0: expected an integer from 1 to",
       ""},
      {{"3", "--conflicts", "1e3", "--solver", "cadical"},
       kExitUsage,
       "--conflicts 1e3: expected an integer",
       ""},
      {{"3", "--conflicts", "100", "--solver", "local"},
       kExitUsage,
       "--conflicts is used only with a search that runs CaDiCaL",
       ""},
      {{"3", "--conflicts", "100", "--solver", "cadical", "--count"},
       kExitUsage,
       "--conflicts is used only with a solve or a sweep",
       ""},
      {{"2", "--unsat-core", "--solver", "local"},
       kExitUsage,
       "--unsat-core is used only with a complete search",
       ""},
      {{"2", "--unsat-core", "--count"}, kExitUsage, "--unsat-core is used only with a solve", ""},
      {{"3", "--given", ""}, kExitUsage, "--given needs a value", ""},
      {{"2", "--count", "--centre-pattern", "0,1,0,0,0", "--given", "{hypotheses}/n3_top.txt"},
       kExitUsage,
       "takes no --hypothesis or --given",
       ""},
      {{"2", "--count", "--centre-pattern", "0,1,0,0,0", "--hypothesis",
        "{hypotheses}/x00_is_0.hyp"},
       kExitUsage,
       "takes no --hypothesis or --given",
       ""},
      {{"2", "--given", "{hypotheses}/n3_top.txt"},
       kExitError,
       "n3_top.txt: parse error: a 3-level drawing, but N=2",
       ""},
      {{"2", "--given", "{hypotheses}/bad_cell.txt"},
       kExitError,
       "bad_cell.txt:2: parse error: 'x' is not a label",
       ""},
      {{"--check", "-", "--resume", "x"}, kExitUsage, "--resume cannot be used with it", ""},
      {{"--check", "{solutions}/n3.txt", "--cnf", "{tmp}/x.cnf"},
       kExitUsage,
       "--cnf cannot be used with it",
       "x.cnf"},
      {{"--check", "{solutions}/n3.txt", "--skip-solver"},
       kExitUsage,
       "--skip-solver cannot be used with it",
       ""},
      {{"--check", "{solutions}/n3.txt", "--json", "{tmp}/no/such/r.json"},
       kExitError,
       "No such file",
       ""},
      {{"--json", "-", "--check", "{solutions}/n3.txt", "--svg", "-"},
       kExitUsage,
       "only one of --json, --svg, --cnf, --smt2, --var-map and --log",
       ""},
      {{"2", "--json", "-", "--cnf", "-"}, kExitUsage, "only one of --json, --svg", ""},
      {{"2", "--json", "-", "--svg", "-"}, kExitUsage, "only one of --json, --svg", ""},
      {{"2", "--json", ""}, kExitUsage, "--json needs a value", ""},
      {{"2", "--svg", ""}, kExitUsage, "--svg needs a value", ""},
      {{"2", "--json", "{tmp}/r.json", "--svg", "{tmp}/no/such/p.svg"},
       kExitError,
       "No such file",
       "r.json"},
      // --symmetry-breaking
      {{"3", "--symmetry-breaking", "on"}, kExitUsage, "on not in {none,auto,labels,geometry}", ""},
      {{"3", "--symmetry-breaking", ""}, kExitUsage, "--symmetry-breaking", ""},
      {{"3", "--symmetry-breaking"}, kExitUsage, "--symmetry-breaking", ""},
      // --split K DIR
      {{"2", "--split", "0", "{tmp}/s"}, kExitUsage, "--split: K must be an integer from 1", ""},
      {{"2", "--split", "-1", "{tmp}/s"}, kExitUsage, "--split: K must be an integer", ""},
      {{"2", "--split", "x", "{tmp}/s"}, kExitUsage, "got \"x\"", ""},
      {{"2", "--split", "2000000", "{tmp}/s"}, kExitUsage, "from 1 to 1048576", ""},
      {{"2", "--split", "4"}, kExitUsage, "--split", ""},
      {{"2", "--split", "4", ""}, kExitUsage, "--split: DIR must not be empty", ""},
      {{"2", "--split", "4", "{tmp}/plain"}, kExitError, "exists and is not a directory", ""},
      {{"2", "--split", "4", "{tmp}/plain/sub"}, kExitError, "--split: cannot create", ""},
      {{"2", "--split", "4", "/proc/bel_pyramid_split"}, kExitError, "--split: cannot create", ""},
      {{"2", "--split", "4", "{tmp}/s", "--cert", "{data}/valid_n2.cert"},
       kExitUsage,
       "--split and --cert cannot be combined",
       ""},
      {{"2", "--split", "4", "{tmp}/s", "--cnf-encoder", "z3"},
       kExitUsage,
       "--split needs --cnf-encoder native or completion",
       ""},
      // --split-by literal|line
      {{"2", "--split-by", "line"}, kExitUsage, "--split-by is used only with --split K DIR", ""},
      {{"2", "--split", "2", "{tmp}/s", "--split-by", "lines"},
       kExitUsage,
       "lines not in {literal,line}",
       ""},
      {{"2", "--split", "2", "{tmp}/s", "--split-by"}, kExitUsage, "--split-by", ""},
      // --split-under CUBE
      {{"2", "--split-under", "a 1 0"},
       kExitUsage,
       "--split-under is used only with --split K DIR",
       ""},
      {{"2", "--split", "2", "{tmp}/s", "--split-under", "a 1 x 0"},
       kExitUsage,
       "--split-under: \"x\" is not a nonzero literal",
       "s"},
      {{"2", "--split", "2", "{tmp}/s", "--split-under", "a 1 0 2 0"},
       kExitUsage,
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
      {{"2", "--max-solutions", "0", "--count"}, kExitUsage, "--max-solutions must be", ""},
      {{"2", "--max-solutions", "-3", "--count"}, kExitUsage, "--max-solutions must be", ""},
      {{"2", "--max-solutions", "x", "--all"}, kExitUsage, "--max-solutions must be", ""},
      {{"2", "--max-solutions", "", "--all"}, kExitUsage, "--max-solutions must be", ""},
      {{"2", "--max-solutions"}, kExitUsage, "--max-solutions", ""},
      {{"2", "--max-solutions", "3"},
       kExitUsage,
       "--max-solutions is used only with a count (--count, --all)",
       ""},
      {{"2", "--up-to-symmetry"},
       kExitUsage,
       "--up-to-symmetry is used only with a count (--count, --all)",
       ""},
      {{"2", "--part", "0/2"}, kExitUsage, "--part is used only with a count (--count, --all)", ""},
      {{"2", "--count", "--part", "2/2"}, kExitUsage, "--part must be I/M", ""},
      {{"2", "--count", "--part", "1"}, kExitUsage, "--part must be I/M", ""},
      {{"2", "--count", "--part", "/3"}, kExitUsage, "--part must be I/M", ""},
      {{"2", "--count", "--part", "1/0"}, kExitUsage, "--part must be I/M", ""},
      {{"2", "--count", "--part", "a/b"}, kExitUsage, "--part must be I/M", ""},
      {{"2", "--count", "--part", "0/3x"}, kExitUsage, "--part must be I/M", ""},
      // the count by the symmetry quotient: --quotient I/M
      {{"2", "--quotient", "0/2"},
       kExitUsage,
       "--quotient is used only with a count (--count, --all)",
       ""},
      {{"2", "--count", "--quotient", "2/2"}, kExitUsage, "--quotient must be I/M", ""},
      {{"2", "--count", "--quotient", "x"}, kExitUsage, "--quotient must be I/M", ""},
      {{"2", "--all", "--quotient", "0/1"}, kExitUsage, "--quotient counts whole orbits", ""},
      {{"2", "--count", "--quotient", "0/1", "--part", "0/2"},
       kExitUsage,
       "--quotient counts whole orbits",
       ""},
      {{"2", "--count", "--quotient", "0/1", "--strategy", "YStep"},
       kExitUsage,
       "--quotient divides out the symmetry group",
       ""},
      {{"2", "--count", "--quotient", "0/1", "--solver", "cadical"},
       kExitUsage,
       "--quotient counts with the xcc engine",
       ""},
      {{"2", "--count", "--quotient", "0/1", "--symmetry-breaking", "auto"},
       kExitUsage,
       "--quotient divides out the symmetry group",
       ""},
      {{"2", "--count", "--part", ""}, kExitUsage, "--part must be I/M", ""},
      {{"2", "--count", "--part", "0/28"}, kExitUsage, "at most 27 parts for N=2", ""},
      {{"2", "--count", "--solver", "local"}, kExitUsage, "solver \"local\" cannot count", ""},
      {{"2", "--all", "--solver", "z3"}, kExitUsage, "solver \"z3\" cannot count", ""},
      {{"2", "--count", "--threads", "3"}, kExitUsage, "counting runs in one thread", ""},
      {{"2", "--solver", "xcc", "--threads", "2"},
       kExitUsage,
       "solver \"xcc\" runs in one thread",
       ""},
      {{"2", "--count", "--cnf", "{tmp}/c.cnf"}, kExitUsage, "cannot be combined", "c.cnf"},
      {{"30", "--solver", "xcc"}, kExitUsage, "largest N that fits", ""},
      {{"2", "--count", "--centre-pattern", "0,2,0,0,0"},
       kExitUsage,
       "at most 1 + the largest",
       ""},
      {{"2", "--count", "--centre-pattern", "0,1,2"}, kExitUsage, "expected 5 labels", ""},
      {{"2", "--count", "--centre-pattern", "0,1,x,0,0"}, kExitUsage, "separated by commas", ""},
      {{"2", "--count", "--centre-pattern", "0,1,2,3,0"}, kExitUsage, "not below L=3", ""},
      {{"2", "--count", "--centre-pattern", ""}, kExitUsage, "separated by commas", ""},
      {{"2", "--count", "--centre-pattern", "0,1,0,0,0,"}, kExitUsage, "separated by commas", ""},
      {{"6", "--count", "--centre-pattern", "0"}, kExitUsage, "supported up to N=5", ""},
      {{"6", "--list-centre-patterns"}, kExitError, "supported up to N=5", ""},
      {{"2", "--centre-pattern", "0,1,0,0,0"},
       kExitUsage,
       "--centre-pattern is used only with a count (--count, --all)",
       ""},
      {{"2", "--count", "--centre-pattern", "0,1,0,0,0", "--strategy", "YStep"},
       kExitUsage,
       "takes no --strategy",
       ""},
      {{"2", "--estimate", "10"},
       kExitUsage,
       "--estimate is used only with a count (--count, --all)",
       ""},
      {{"2", "--count", "--estimate", "0"}, kExitUsage, "--estimate must be a positive", ""},
      {{"2", "--all", "--estimate", "10"}, kExitUsage, "--estimate goes with --count alone", ""},
      {{"2", "--count", "--solver", "cadical", "--estimate", "10"},
       kExitUsage,
       "--estimate goes with --count alone",
       ""},
      {{"40", "--count", "--up-to-symmetry", "--solver", "xcc"},
       kExitUsage,
       "--up-to-symmetry supports N <= 32",
       ""},  // an option the run would not use is refused, never ignored
      {{"2", "--count", "--svg", "{tmp}/p.svg"},
       kExitUsage,
       "--svg is used only with a solve",
       "p.svg"},
      {{"2", "--all", "--svg", "-"}, kExitUsage, "--svg is used only with a solve", ""},
      {{"2", "--count", "--estimate", "5", "--svg", "{tmp}/p.svg"},
       kExitUsage,
       "--svg is used only with a solve, a certificate import, a build without solving or a check "
       "(not with --count, --all, --sample, --sweep, --split or --list-centre-patterns)",
       "p.svg"},
      {{"2", "--split", "2", "{tmp}/s", "--json", "{tmp}/r.json"},
       kExitUsage,
       "--json is used only with a solve, a count, a sample, a certificate import, a build without "
       "solving or a check (not with --sweep, --split or --list-centre-patterns)",
       "r.json"},
      {{"2", "--list-centre-patterns", "--json", "-"}, kExitUsage, "--json is used only with", ""},
      {{"2", "--list-centre-patterns", "--svg", "-"}, kExitUsage, "--svg is used only with", ""},
      {{"2", "--tactic", "qflia"}, kExitUsage, "--tactic is used only with --solver z3", ""},
      {{"2", "--tactic", "qffd", "--solver", "cadical"},
       kExitUsage,
       "--tactic is used only with --solver z3",
       ""},
      {{"2", "--solver", "z3", "--tactic", "qffd", "--count"},
       kExitUsage,
       "--tactic is used only with a solve",
       ""},
      {{"2", "--checkpoint-every", "5"},
       kExitUsage,
       "--checkpoint-every is used only with --checkpoint or --keep-learned",
       ""},
      {{"2", "--cnf-tune", "cube-amo=pairwise", "--solver", "local"},
       kExitUsage,
       "--cnf-tune is used only with the native CNF encoder",
       ""},
      {{"2", "--cnf-tune", "cube-amo=pairwise", "--cnf", "{tmp}/t.cnf", "--cnf-encoder", "z3"},
       kExitUsage,
       "--cnf-tune is used only with the native CNF encoder",
       "t.cnf"},
      {{"2", "--solver", "cadical", "--cert", "{data}/valid_n2.cert"},
       kExitUsage,
       "--solver is used only with a solve, a count, a sample or a sweep (not with --cert",
       ""},
      {{"2", "--solver", "local", "--split", "2", "{tmp}/s"},
       kExitUsage,
       "--solver is used only with a solve, a count, a sample or a sweep",
       "s"},
      // Search limits and solver choices without a search.
      {{"2", "--skip-solver", "--timeout", "5"},
       kExitUsage,
       "--timeout is used only with a solve, a count, a sample or a sweep (not with --cert, "
       "--split, "
       "--skip-solver",
       ""},
      {{"2", "--cert", "{data}/valid_n2.cert", "--seed", "2"},
       kExitUsage,
       "--seed is used only with a solve, a count, a sample or a sweep",
       ""},
      {{"2", "--list-centre-patterns", "--threads", "2"},
       kExitUsage,
       "--threads is used only with a solve, a count, a sample or a sweep",
       ""},
      {{"2", "--split", "2", "{tmp}/s", "--portfolio", "local,cadical"},
       kExitUsage,
       "--portfolio is used only with a solve, a count, a sample or a sweep",
       "s"},
      {{"2", "--skip-solver", "--solver", "local"},
       kExitUsage,
       "--solver is used only with a solve, a count, a sample or a sweep",
       ""},
      {{"2", "--log", "{tmp}/l.log", "--solver", "z3"},
       kExitUsage,
       "--log is used only with a search that keeps a state",
       "l.log"},
      {{"2", "--log", "{tmp}/l.log", "--solver", "xcc"},
       kExitUsage,
       "--log is used only with a search that keeps a state",
       "l.log"},
      {{"2", "--log", "{tmp}/l.log", "--count"},
       kExitUsage,
       "--log is used only with a solve or a sample (not with --count, --all",
       "l.log"},
      {{"2", "--strategy", "YStep", "--strategy", "ystep"},
       kExitUsage,
       "--strategy YStep is given twice",
       ""},
      // CLI11's refusals in our words, on one printable line
      {{"2", "--timeout", "5", "--timeout", "6"},
       kExitUsage,
       "error: --timeout takes one value, got 2 (give it once)",
       ""},
      {{"2", "-timeout", "5"},
       kExitUsage,
       "error: unexpected argument \"-timeout\" (long options take two dashes: --timeout)",
       ""},
      {{"2", "--split", "2"}, kExitUsage, "--split takes 2 values, got 1", ""},
      {{"2", "--solver", std::string(100000, 'x')}, kExitUsage, "...(100000 bytes)", ""},
      {{"2", "--bogus\x1b[31m\nnext"}, kExitUsage, "--bogus\\x1b[31m\\nnext", ""},
      {{"2", "--split", "2", "{tmp}/s", "--split-under", "a 1 -1 0"},
       kExitUsage,
       "--split-under: the cube holds both 1 and -1",
       "s"},
      // batch options
      {{"2", "--progress-every", "0"},
       kExitUsage,
       "--progress-every must be a positive number of seconds",
       ""},
      {{"2", "--progress-every", "x"}, kExitUsage, "--progress-every must be a positive", ""},
      {{"2", "--progress-every", ""}, kExitUsage, "--progress-every needs a value", ""},
      {{"2", "--progress-every", "5", "--skip-solver"},
       kExitUsage,
       "--progress-every is used only with a solve, a count, a sample or a sweep",
       ""},
      {{"--check", "{solutions}/n3.txt", "--progress-every", "5"},
       kExitUsage,
       "--progress-every cannot be used with it",
       ""},
      {{"2", "-q", "x"}, kExitUsage, "unexpected argument \"x\"", ""},
      {{"2", "--sat-exit-codes", "--quiet", "--timeout", "-1"},
       kExitUsage,
       "--timeout must be a positive number",
       ""},
      // --sample K
      {{"2", "--sample", "0"}, kExitUsage, "--sample must be a positive", ""},
      {{"2", "--sample", "x"}, kExitUsage, "--sample must be a positive", ""},
      {{"2", "--sample", ""}, kExitUsage, "--sample must be a positive", ""},
      {{"2", "--sample"}, kExitUsage, "--sample", ""},
      {{"2", "--sample", "3", "--count"},
       kExitUsage,
       "--sample cannot be combined with --count",
       ""},
      {{"2", "--sample", "3", "--all"}, kExitUsage, "--sample cannot be combined with --count", ""},
      {{"2", "--sample", "3", "--solver", "cadical"}, kExitUsage, "--sample draws with", ""},
      {{"2", "--sample", "3", "--threads", "2"}, kExitUsage, "--sample runs in one thread", ""},
      {{"40", "--sample", "3"}, kExitUsage, "--sample counts symmetry classes", ""},
      {{"2", "--sample", "3", "--cert", "{data}/valid_n2.cert"},
       kExitUsage,
       "--sample cannot be combined",
       ""},
      {{"2", "--sample", "3", "--svg", "{tmp}/s.svg"},
       kExitUsage,
       "--svg is used only with a solve, a certificate import",
       "s.svg"},
      // --proof FILE
      {{"2", "--proof"}, kExitUsage, "--proof", ""},
      {{"2", "--solver", "cadical", "--proof", ""}, kExitUsage, "--proof needs a value", ""},
      {{"2", "--portfolio", "local,local", "--proof", "{tmp}/p.drat"},
       kExitUsage,
       "needs exactly one cadical racer",
       "p.drat"},
      {{"2", "--portfolio", "cadical,cadical", "--proof", "{tmp}/p.drat"},
       kExitUsage,
       "needs exactly one cadical racer",
       "p.drat"},
      {{"2", "--solver", "z3", "--proof", "{tmp}/p.drat"},
       kExitUsage,
       "--proof needs --solver cadical",
       "p.drat"},
      {{"2", "--solver", "cadical", "--proof", "-"}, kExitUsage, "not for stdout", ""},
      {{"2", "--solver", "cadical", "--proof", "{tmp}/p.drat.gz"},
       kExitUsage,
       "drat-trim reads only uncompressed proofs; drop the .gz suffix",
       "p.drat.gz"},
      {{"2", "--solver", "cadical", "--proof", "{tmp}/p.drat.xz"},
       kExitUsage,
       "drop the .xz suffix",
       "p.drat.xz"},
      {{"2", "--solver", "cadical", "--threads", "2", "--proof", "{tmp}/p.drat"},
       kExitUsage,
       "--proof needs one CaDiCaL thread",
       "p.drat"},
      {{"2", "--solver", "cadical", "--cnf-encoder", "z3", "--proof", "{tmp}/p.drat"},
       kExitUsage,
       "it needs --cnf-encoder native",
       "p.drat"},
      {{"2", "--solver", "cadical", "--count", "--proof", "{tmp}/p.drat"},
       kExitUsage,
       "--proof needs a search",
       "p.drat"},
      {{"2", "--skip-solver", "--proof", "{tmp}/p.drat"},
       kExitUsage,
       "--proof needs a search",
       "p.drat"},
      {{"2", "--split", "2", "{tmp}/s", "--proof", "{tmp}/p.drat"},
       kExitUsage,
       "--proof needs a search",
       "p.drat"},
      // A sample draws with local search or xcc: no proof would ever be written.
      {{"2", "--sample", "2", "--proof", "{tmp}/p.drat"},
       kExitUsage,
       "--proof needs a search (not --count, --all, --sample",
       "p.drat"},
      {{"2", "--solver", "cadical", "--proof", "{tmp}/no/such/dir/p.drat"},
       kExitError,
       "cannot create \"{tmp}/no/such/dir/p.drat\"",
       ""},
      {{"2", "--solver", "cadical", "--proof", "{tmp}"}, kExitError, "it is a directory", ""},
      // An unsat answer whose proof cannot be written publishes nothing.
      {{"3", "--strategy", "XStep", "--strategy", "YStep", "--solver", "cadical", "--json",
        "{tmp}/r.json", "--proof", "/dev/full"},
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
      const int code = path.empty() ? kExitUsage : kExitError;
      out.push_back({{"2", option, path, "--skip-solver"}, code, fragment, output});
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

// Publishing outputs: compression suffixes we cannot write, names that are
// links to what cannot be replaced, standard output taken twice, files a
// search writes as it goes, and a late failure after a successful export.
std::vector<Row> publishing_rows() {
  std::vector<Row> out;
  for (const std::string suffix : {".bz2", ".zst", ".lz4", ".zip"}) {
    const std::string fragment = suffix + " compression is not supported (supported: .gz, .xz)";
    for (const std::string option : {"--cnf", "--smt2", "--var-map"})
      out.push_back(
          {{"2", option, "{tmp}/x" + suffix, "--skip-solver"}, kExitError, fragment, "x" + suffix});
    for (const std::string option : {"--json", "--svg", "--checkpoint"})
      out.push_back({{"2", option, "{tmp}/x" + suffix}, kExitError, fragment, "x" + suffix});
  }
  const auto row = [&](std::vector<std::string> args, std::string fragment, std::string output,
                       int exit_code = kExitError) {
    out.push_back({std::move(args), exit_code, std::move(fragment), std::move(output)});
  };
  row({"2", "--cnf", "{tmp}/x.CNF.BZ2", "--skip-solver"}, ".BZ2 compression is not supported",
      "x.CNF.BZ2");
  row({"2", "--log", "{tmp}/x.log.gz"}, "cannot be compressed", "x.log.gz", kExitUsage);
  row({"2", "--log", "{tmp}/x.log.zst"}, "cannot be compressed", "x.log.zst", kExitUsage);
  row({"2", "--checkpoint", "-"}, "--checkpoint needs a file name", "", kExitUsage);
  row({"2", "--log", "-", "--json", "-"}, "--var-map and --log can write to standard output", "",
      kExitUsage);
  row({"2", "--log", "-", "--cnf", "-"}, "--var-map and --log can write to standard output", "",
      kExitUsage);
  row({"2", "--json", "{tmp}/dirlink"}, "it is a link to the directory", "");
  row({"2", "--cnf", "{tmp}/dirlink", "--skip-solver"}, "it is a link to the directory", "");
  row({"2", "--json", "{tmp}/loop"}, "too many levels of symbolic links", "");
  row({"2", "--json", "{tmp}/dangling"}, "(a link to \"{tmp}/no/such/target\"): No such file", "");
  // The CNF was exported before the JSON failed: it must not be published.
  row({"3", "--cnf", "{tmp}/keep.cnf", "--json", "/dev/full", "--skip-solver"},
      "cannot write \"/dev/full\"", "keep.cnf");
  row({"2", "--smt2", "{tmp}/keep.smt2", "--solver", "local", "--svg", "/dev/full"},
      "cannot write \"/dev/full\"", "keep.smt2");
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
    std::ofstream(tmp_ / "part0.qckpt")
        << "c bel_pyramid count checkpoint\nc levels 2\nc part 0/3\nc done 1\nc solutions 0\n"
           "c classes 0\nc class_orbits 0\nc nodes 0\n";
    std::ofstream(tmp_ / "bad_seconds.ckpt") << substitute(n2, "seconds 1.0", "seconds -1");
    std::ofstream(tmp_ / "bad_drawing.ckpt") << substitute(n2, "|  0  2  0 |", "|  0  x  0 |");
    std::ofstream(tmp_ / "label9.ckpt") << substitute(n2, "|  0  2  0 |", "|  0  9  0 |");
    std::ofstream(tmp_ / "negative_cost.ckpt") << substitute(n2, "c cost 0", "c cost -5");
    std::ofstream(tmp_ / "wrong_cost.ckpt") << substitute(substitute(n2, "c cost 0", "c cost 4"),
                                                          "c seconds", "c strategies \nc seconds");
    std::ofstream(tmp_ / "ystep.ckpt")
        << substitute(n2, "c seconds", "c strategies YStep\nc seconds");
    std::ofstream(tmp_ / "other.hyp") << "X[0,0] = 1\n";
    std::ofstream(tmp_ / "hypothesis.ckpt")  // the digest of x00_is_0.hyp
        << substitute(
               n2, "c seconds",
               "c strategies \nc hypotheses "
               "70dac9d996c3e76bd708206c73614612652f4dafe50849ba07088059dc437d9f\nc seconds");
    std::ofstream(tmp_ / "truncated.cert") << "c cut off mid-line\ns SATISFIABLE\nv 1 -2 -";
    std::ofstream huge(tmp_ / "huge.cert");  // ~20 MB; the bad token is on its last line
    huge << "s SATISFIABLE\n";
    const std::string line = "v 1 -2 3\n";
    for (int i = 0; i < 2500000; ++i) huge << line;
    huge << "v 3x 0\n";
  }
  static void TearDownTestSuite() { fs::remove_all(tmp_); }

  static std::string expand_fixed(const std::string& s) {
    return substitute(substitute(substitute(s, "{tmp}", tmp_.string()), "{data}",
                                 BEL_PYRAMID_TEST_DATA "/certificates"),
                      "{solutions}", BEL_PYRAMID_TEST_DATA "/solutions");
  }
  static std::string expand(const std::string& s) {
    return substitute(
        substitute(expand_fixed(s), "{hypotheses}", BEL_PYRAMID_TEST_DATA "/hypotheses"), "{doc}",
        BEL_PYRAMID_DOC_DIR);
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
        fs::remove_all(output);  // a directory (--split DIR) too
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

TEST_F(CliTable, OutputPublishing) {
  fs::create_directory(tmp_ / "adir");
  fs::create_directory_symlink(tmp_ / "adir", tmp_ / "dirlink");
  fs::create_symlink(tmp_ / "loop", tmp_ / "loop");
  fs::create_symlink(tmp_ / "no/such/target", tmp_ / "dangling");
  for (const Row& row : publishing_rows()) check(row);
  EXPECT_TRUE(fs::is_empty(tmp_ / "adir"));
  for (const char* link : {"dirlink", "loop", "dangling"}) {
    EXPECT_TRUE(fs::is_symlink(tmp_ / link)) << link;
    fs::remove(tmp_ / link);
  }
  fs::remove(tmp_ / "adir");
}

TEST_F(CliTable, Certificates) {
  for (const Row& row : certificate_rows()) check(row);
}

// The memory guard estimates what the run builds: N=12 is far too large for
// the Z3 lowering on any test machine, while local search only keeps O(cubes).
TEST(MemoryGuard, RefusesForZ3WhatLocalSearchRuns) {
  const auto z3 = run_command({"12", "--solver", "z3"});
  EXPECT_EQ(z3.exit_code, kExitUsage);
  EXPECT_NE(z3.err.find("N=12 needs about"), std::string::npos) << z3.err;
  EXPECT_NE(z3.err.find("(largest N that fits: "), std::string::npos) << z3.err;
  const auto local = run_command({"12", "--solver", "local", "--timeout", "0.5"});
  EXPECT_EQ(local.exit_code, kExitUnknown) << local.err;
  EXPECT_NE(local.out.find("Solver gave up after"), std::string::npos);
  // The default run of the bare puzzle races local searches, so it runs too.
  const auto bare = run_command({"12", "--timeout", "0.5"});
  EXPECT_EQ(bare.exit_code, kExitUnknown) << bare.err;
}

TEST(MemoryGuard, EstimateFollowsThePath) {
  const auto estimate = [](std::string solver, std::string cnf, std::string smt2, bool skip,
                           std::vector<std::string> strategies = {}, int levels = 6) {
    Options o;
    o.levels = levels;
    o.solver = std::move(solver);
    o.cnf_path = std::move(cnf);
    o.smt2_path = std::move(smt2);
    o.skip_solver = skip;
    o.strategies = std::move(strategies);
    return estimated_memory_bytes(o);
  };
  const double z3 = estimate("z3", "", "", false);
  const double cadical = estimate("cadical", "", "", false);
  const double cnf_only = estimate("local", "x.cnf", "", true);
  const double local = estimate("local", "", "", false);
  EXPECT_GT(z3, cadical);
  // The default portfolio: CaDiCaL beside local search under a hypothesis,
  // the construction (CaDiCaL's CNF) on the bare puzzle where it fits, and
  // local searches alone where it does not (N=40 needs terabytes).
  EXPECT_EQ(cadical, estimate("portfolio", "", "", false, {"YStep"}));
  EXPECT_EQ(cadical, estimate("portfolio", "", "", false));
  EXPECT_EQ(estimate("local", "", "", false, {}, 40), estimate("portfolio", "", "", false, {}, 40));
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
  EXPECT_GE(
      rows().size() + output_rows().size() + certificate_rows().size() + publishing_rows().size(),
      90u);
}

}  // namespace
}  // namespace bel_pyramid
