#include "app/sweep_learned.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <filesystem>
#include <optional>

namespace bel_pyramid {

namespace fs = std::filesystem;

SweepLearned::SweepLearned(std::string dir, double save_seconds, bool quiet, std::ostream& err)
    : dir_(std::move(dir)), save_seconds_(save_seconds), quiet_(quiet), err_(err) {}

std::string SweepLearned::path(const std::string& member) const {
  return (fs::path(dir_) / "learned" / (member + ".cnf.xz")).string();
}

LearnedClauses& SweepLearned::open(const std::string& member) {
  const std::string file = path(member);
  std::optional<LearnedFile> kept;
  if (fs::exists(file)) kept = read_learned_file(file);
  const std::lock_guard lock(mutex_);  // also keeps the workers' lines whole
  std::unique_ptr<LearnedClauses>& store = open_[member].store;
  if (!kept) return *(store = std::make_unique<LearnedClauses>());
  if (!quiet_)
    fmt::print(err_, "c {}: starting from {} learned clauses\n", file, kept->clauses.size());
  return *(store = std::make_unique<LearnedClauses>(std::move(*kept)));
}

void SweepLearned::close(const std::string& member, bool decided) {
  const std::lock_guard lock(mutex_);
  const auto it = open_.find(member);
  if (it == open_.end()) return;
  const std::unique_ptr<LearnedClauses> store = std::move(it->second.store);
  open_.erase(it);
  if (store->dropped())
    fmt::print(err_,
               "bel_pyramid: warning: {}: learned on another CNF of this member (another "
               "version of its encoding); not used, replaced\n",
               path(member));
  if (decided)
    fs::remove(path(member));
  else
    save(member, *store);
}

void SweepLearned::save_due() {
  const std::lock_guard lock(mutex_);
  for (auto& [member, entry] : open_) {
    if (entry.since_save.seconds() < save_seconds_) continue;
    try {
      save(member, *entry.store);
    } catch (const std::exception& e) {
      fmt::print(err_, "bel_pyramid: warning: {}: not saved: {}\n", path(member), e.what());
    }
    entry.since_save = Stopwatch();
  }
}

void SweepLearned::save(const std::string& member, const LearnedClauses& store) const {
  const std::optional<LearnedFile> file = store.snapshot();
  if (!file) return;  // no search took the store: nothing to keep
  fs::create_directories(fs::path(dir_) / "learned");
  write_learned_file(*file, path(member));
}

}  // namespace bel_pyramid
