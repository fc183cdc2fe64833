#include "solvers/z3_cnf_encoder.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <unordered_map>

#include "base/error.hpp"
#include "solvers/z3_lowering.hpp"

namespace bel_pyramid {

std::vector<PlacementRef> z3_placement_order(const Pyramid& p, std::vector<std::string>* names) {
  std::vector<std::string> all;
  std::vector<PlacementRef> refs;
  for (std::size_t c = 0; c < p.cubes().size(); ++c) {
    const auto rotations = Pyramid::rotations(p.cubes()[c]);
    for (std::size_t r = 0; r < rotations.size(); ++r)
      for (std::size_t pos = 0; pos < p.positions().size(); ++pos) {
        const Position& at = p.positions()[pos];
        all.push_back(fmt::format("c{}_r{}_x{}_y{}_h{}", c, r, at.x, at.y, at.h));
        refs.push_back({static_cast<int>(pos), rotations[r]});
      }
  }
  std::vector<std::size_t> order(all.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return all[a] < all[b]; });
  std::vector<PlacementRef> sorted;
  sorted.reserve(order.size());
  for (std::size_t i : order) sorted.push_back(refs[i]);
  if (names) {
    names->clear();
    for (std::size_t i : order) names->push_back(all[i]);
  }
  return sorted;
}

namespace {

struct NotCnf : UserError {
  using UserError::UserError;
};

class TacticEncoder {
 public:
  TacticEncoder(const Pyramid& p, std::vector<std::string>* names) : names_(names) {
    std::vector<std::string> placement_names;
    (void)z3_placement_order(p, &placement_names);
    for (std::size_t i = 0; i < placement_names.size(); ++i)
      placement_id_.emplace(placement_names[i], static_cast<int>(i + 1));
    cnf_.reserve_vars(static_cast<int>(placement_names.size()));
    cnf_.primary_vars = static_cast<int>(placement_names.size());
    if (names_) *names_ = std::move(placement_names);
  }

  // The original's chain; robust: card2bv with pb.solver=binary_merge, then
  // a second card2bv pass (totalizer) for the pseudo-Boolean atoms the first
  // one leaves (weighted sums, the int encodings lia2card makes for them).
  Cnf run(z3::context& ctx, const z3::expr_vector& assertions, bool robust) {
    z3::goal goal(ctx);
    for (unsigned i = 0; i < assertions.size(); ++i) goal.add(assertions[i]);
    z3::params card(ctx);
    card.set("cardinality.encoding", ctx.str_symbol("totalizer"));
    if (robust) card.set("pb.solver", ctx.str_symbol("binary_merge"));
    z3::tactic chain = z3::tactic(ctx, "lia2card") & z3::tactic(ctx, "dt2bv") &
                       z3::with(z3::tactic(ctx, "card2bv"), card);
    if (robust) {
      z3::params second(ctx);
      second.set("cardinality.encoding", ctx.str_symbol("totalizer"));
      second.set("pb.solver", ctx.str_symbol("totalizer"));
      chain = chain & z3::with(z3::tactic(ctx, "card2bv"), second);
    }
    chain = chain & z3::tactic(ctx, "bit-blast") & z3::tactic(ctx, "tseitin-cnf");
    const z3::apply_result result = chain(goal);
    if (result.size() != 1)
      throw UserError(fmt::format("Z3 tactics produced {} subgoals, expected 1", result.size()));
    const z3::goal cnf_goal = result[0];
    std::vector<int> clause;
    for (unsigned i = 0; i < cnf_goal.size(); ++i) {
      const z3::expr f = cnf_goal[i];
      clause.clear();
      if (f.is_false()) {
        cnf_.add_clause(clause);
      } else if (f.is_true()) {
        continue;
      } else if (f.is_or()) {
        for (unsigned k = 0; k < f.num_args(); ++k) clause.push_back(literal(f.arg(k)));
        cnf_.add_clause(clause);
      } else {
        clause.push_back(literal(f));
        cnf_.add_clause(clause);
      }
    }
    return std::move(cnf_);
  }

 private:
  int literal(const z3::expr& e) {
    if (e.is_not()) return -atom(e.arg(0));
    return atom(e);
  }

  int atom(const z3::expr& e) {
    if (!e.is_const() || !e.is_bool() || e.decl().decl_kind() != Z3_OP_UNINTERPRETED)
      throw NotCnf(fmt::format("Z3 tactics left a formula that is not CNF: {}",
                               e.to_string().substr(0, 200)));
    const unsigned id = e.id();
    if (auto it = by_ast_.find(id); it != by_ast_.end()) return it->second;
    const std::string name = e.decl().name().str();
    int var = 0;
    if (auto it = placement_id_.find(name); it != placement_id_.end()) {
      var = it->second;
    } else {
      var = cnf_.new_var();
      if (names_) names_->push_back(name);
    }
    by_ast_.emplace(id, var);
    return var;
  }

  std::vector<std::string>* names_;
  std::unordered_map<std::string, int> placement_id_;
  std::unordered_map<unsigned, int> by_ast_;
  Cnf cnf_;
};

}  // namespace

Cnf encode_with_z3_tactics(const Formulation& formulation, std::vector<std::string>* names) {
  try {
    Cnf cnf;
    for (bool robust : {false, true}) {
      try {
        TacticEncoder encoder(formulation.pyramid(), names);
        with_z3_assertions(formulation, {.split_pb_equalities = true},
                           [&](z3::context& ctx, const z3::expr_vector& assertions) {
                             cnf = encoder.run(ctx, assertions, robust);
                           });
        return cnf;
      } catch (const NotCnf&) {
        if (robust) throw;
      }
    }
    return cnf;
  } catch (const z3::exception& e) {
    throw UserError(std::string("Z3 failed: ") + e.msg());
  }
}

}  // namespace bel_pyramid
