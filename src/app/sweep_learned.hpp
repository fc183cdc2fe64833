// SweepLearned: the learned clauses of the members a sweep is searching
// (--keep-learned; solvers/learned_clauses.hpp). A member's store is read
// from DIR/learned/MEMBER.cnf.xz when its search starts, saved every
// --checkpoint-every seconds while it runs (a campaign may be stopped in
// the middle of a member) and when it ends undecided, and removed once the
// member is decided: what a later, longer search of it needs, and no more.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>

#include "base/stopwatch.hpp"
#include "solvers/learned_clauses.hpp"

namespace bel_pyramid {

class SweepLearned {
 public:
  // `err` takes the warnings and, unless `quiet`, a line for each member
  // that starts from kept clauses; it must outlive this.
  SweepLearned(std::string dir, double save_seconds, bool quiet, std::ostream& err);

  // The member's store for its search (thread-safe), read from its file if
  // there is one. Throws UserError or ParseError for a file that cannot be read.
  LearnedClauses& open(const std::string& member);
  // After the search: saves the store of an undecided member, removes the
  // file of a decided one, and forgets the store.
  void close(const std::string& member, bool decided);
  // Saves the stores whose last save is --checkpoint-every seconds old; a
  // failed save warns (the old file stays) and the search goes on.
  void save_due();

  [[nodiscard]] std::string path(const std::string& member) const;

 private:
  struct Open {
    std::unique_ptr<LearnedClauses> store;
    Stopwatch since_save;
  };
  void save(const std::string& member, const LearnedClauses& store) const;

  std::string dir_;
  double save_seconds_;
  bool quiet_;
  std::ostream& err_;
  std::mutex mutex_;  // open_, and a save against the removal of its file
  std::map<std::string, Open> open_;
};

}  // namespace bel_pyramid
