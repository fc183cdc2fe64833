#include "app/sweep_table.hpp"

#include <fmt/format.h>

#include <charconv>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <system_error>

#include "base/error.hpp"
#include "base/output_file.hpp"

namespace bel_pyramid {
namespace {

namespace fs = std::filesystem;

constexpr const char* kHeader = "# bel_pyramid sweep\t";

std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream in(line);
  std::string field;
  while (std::getline(in, field, '\t')) out.push_back(field);
  if (!line.empty() && line.back() == '\t') out.emplace_back();
  return out;
}

double number(const std::string& text, const std::string& path, long line) {
  try {
    std::size_t used = 0;
    const double value = std::stod(text, &used);
    if (used == text.size() && value >= 0) return value;
  } catch (const std::exception&) {
  }
  throw ParseError(path, line, fmt::format("expected a number of seconds, found \"{}\"", text));
}

// A row's CPU seconds: its ninth field (scripts/sweep.sh writes its
// conquest's there too), absent from journals written before it was kept.
std::optional<double> cpu_of(const std::vector<std::string>& f, const std::string& path,
                             long line) {
  if (f.size() < 9 || f[8].empty()) return std::nullopt;
  return number(f[8], path, line);
}

// A row's seed: its eighth field, absent from the rows of cube-and-conquer
// (scripts/sweep.sh) and of journals written before seeds were kept.
std::optional<unsigned> seed_of(const std::vector<std::string>& f, const std::string& path,
                                long line) {
  if (f.size() < 8 || f[7].empty()) return std::nullopt;
  const std::string& text = f[7];
  unsigned value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size())
    throw ParseError(path, line, fmt::format("expected a seed, found \"{}\"", text));
  return value;
}

// The answers of one journal; a last line without its newline (a writer
// killed mid-line) is not an answer yet.
void read_journal(const fs::path& path, const std::string& question,
                  std::map<std::string, MemberAnswer>& out) {
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) throw UserError(fmt::format("cannot read \"{}\"", path.string()));
  std::size_t start = 0;
  for (long line = 1;; ++line) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string::npos) break;
    const std::string row = text.substr(start, end - start);
    start = end + 1;
    if (line == 1) {
      if (row != kHeader + question)
        throw UserError(fmt::format(
            "\"{}\" holds a sweep of another question ({}), not of this one ({}): give --sweep "
            "another directory",
            path.string(),
            row.rfind(kHeader, 0) == 0 ? row.substr(std::string(kHeader).size())
                                       : "not a sweep journal",
            question));
      continue;
    }
    const std::vector<std::string> f = fields(row);
    if (f.size() < 7 || f.size() > 9 ||
        (f[1] != "found" && f[1] != "refuted" && f[1] != "undecided"))
      throw ParseError(path.string(), line,
                       "expected MEMBER ANSWER SECONDS TIMEOUT CONFLICTS SOLVER BY [SEED [CPU]]");
    // A decided member stays decided: the journals are read in the order of
    // their names, not of their answers, and an "undecided" of one run
    // (answers.tsv) may be read after another's answer (answers.1-of-4.tsv,
    // answers.conquer.tsv).
    const auto earlier = out.find(f[0]);
    if (f[1] == "undecided" && earlier != out.end() && earlier->second.answer != "undecided")
      continue;
    std::vector<UndecidedTry> tried;
    if (earlier != out.end()) tried = std::move(earlier->second.tried);
    MemberAnswer& a = out[f[0]] = {f[1],
                                   number(f[2], path.string(), line),
                                   number(f[3], path.string(), line),
                                   static_cast<std::uint64_t>(number(f[4], path.string(), line)),
                                   f[5],
                                   f[6],
                                   seed_of(f, path.string(), line),
                                   cpu_of(f, path.string(), line),
                                   std::move(tried)};
    if (a.answer == "undecided") a.tried.push_back({a.timeout, a.conflicts, a.seed});
  }
}

std::string seed_text(const MemberAnswer& a) { return a.seed ? std::to_string(*a.seed) : ""; }
std::string cpu_text(const MemberAnswer& a) {
  return a.cpu_seconds ? fmt::format("{:.3f}", *a.cpu_seconds) : "";
}

std::string journal_name(int part, int parts) {
  return parts == 0 ? "answers.tsv" : fmt::format("answers.{}-of-{}.tsv", part, parts);
}

}  // namespace

SweepJournal::SweepJournal(std::string dir, std::string question, int part, int parts)
    : dir_(std::move(dir)), question_(std::move(question)) {
  std::error_code error;
  fs::create_directories(fs::path(dir_) / "solutions", error);
  if (error || !fs::is_directory(dir_))
    throw UserError(fmt::format("--sweep {}: cannot create the directory: {}", dir_,
                                error ? error.message() : "not a directory"));
  earlier_ = read_answers();
  const fs::path own = fs::path(dir_) / journal_name(part, parts);
  const bool fresh = !fs::exists(own) || fs::file_size(own) == 0;
  journal_ = std::fopen(own.c_str(), "a");
  if (!journal_) throw UserError(fmt::format("cannot append to \"{}\"", own.string()));
  if (fresh) {
    fmt::print(journal_, "{}{}\n", kHeader, question_);
    std::fflush(journal_);
  }
}

SweepJournal::~SweepJournal() {
  if (journal_) std::fclose(journal_);
}

std::map<std::string, MemberAnswer> SweepJournal::read_answers() const {
  std::map<std::string, MemberAnswer> out;
  std::vector<fs::path> journals;
  for (const fs::directory_entry& e : fs::directory_iterator(dir_)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("answers", 0) == 0 && e.path().extension() == ".tsv") journals.push_back(e);
  }
  std::sort(journals.begin(), journals.end());
  for (const fs::path& path : journals) read_journal(path, question_, out);
  return out;
}

void SweepJournal::append(const std::string& member, const MemberAnswer& a) {
  const std::lock_guard lock(mutex_);
  fmt::print(journal_, "{}\t{}\t{:.3f}\t{}\t{}\t{}\t{}\t{}\t{}\n", member, a.answer, a.seconds,
             a.timeout, a.conflicts, a.solver, a.by, seed_text(a), cpu_text(a));
  if (std::fflush(journal_) != 0) throw UserError("cannot write the sweep's journal");
}

std::string SweepJournal::solution_path(const std::string& member) const {
  return (fs::path(dir_) / "solutions" / (member + ".txt")).string();
}

void SweepJournal::write_table(const std::vector<SweepMember>& members,
                               const std::vector<MemberAnswer>& answers,
                               const std::vector<std::vector<std::string>>& args,
                               const Heading& heading) const {
  std::string tsv;
  if (!members.empty())
    for (const auto& param : members.front().params) tsv += param.first + "\t";
  tsv += "answer\tseconds\tcpu_seconds\ttimeout\tconflicts\tseed\tsolver\tby\tsolution\n";
  nlohmann::json rows = nlohmann::json::array();
  std::map<std::string, long> totals;
  for (std::size_t i = 0; i < members.size(); ++i) {
    const SweepMember& m = members[i];
    const MemberAnswer& a = answers[i];
    const std::string solution =
        a.answer == "found" ? fs::relative(solution_path(m.name), dir_).string() : "";
    nlohmann::json params = nlohmann::json::object();
    for (const auto& [name, value] : m.params) {
      tsv += fmt::format("{}\t", value);
      params[name] = value;
    }
    tsv += fmt::format("{}\t{:.3f}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n", a.answer, a.seconds, cpu_text(a),
                       a.timeout, a.conflicts, seed_text(a), a.solver, a.by, solution);
    rows.push_back(
        {{"member", m.name},
         {"params", params},
         {"answer", a.answer},
         {"seconds", a.seconds},
         {"cpu_seconds", a.cpu_seconds ? nlohmann::json(*a.cpu_seconds) : nlohmann::json()},
         {"timeout", a.timeout},
         {"conflicts", a.conflicts},
         {"seed", a.seed ? nlohmann::json(*a.seed) : nlohmann::json()},
         {"solver", a.solver},
         {"by", a.by},
         {"solution", solution},
         {"args", args[i]}});
    ++totals[a.answer];
  }
  nlohmann::json slice = nlohmann::json::object();
  for (const auto& [name, values] : heading.slice) slice[name] = values;
  const nlohmann::json doc = {{"levels", heading.levels}, {"family", heading.family},
                              {"question", question_},    {"slice", slice},
                              {"totals", totals},         {"members", rows}};
  OutputFile table((fs::path(dir_) / "sweep.tsv").string(), Publish::Now);
  table.write(tsv);
  table.commit();
  OutputFile json((fs::path(dir_) / "sweep.json").string(), Publish::Now);
  json.write(doc.dump(1) + "\n");
  json.commit();
}

}  // namespace bel_pyramid
