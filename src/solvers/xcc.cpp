#include "solvers/xcc.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <numeric>
#include <string>
#include <unordered_set>

#include "base/error.hpp"
#include "base/progress_pacer.hpp"
#include "base/rng.hpp"
#include "solvers/xcc_bits.hpp"

namespace bel_pyramid {
namespace {

void flatten(const Constraint& c, std::vector<Constraint>& out) {
  if (c.kind != Constraint::Kind::All) {
    out.push_back(c);
    return;
  }
  for (const Constraint& child : c.children) flatten(child, out);
}

void collect_vars(const Constraint& c, std::vector<int>& vars) {
  for (const Term& t : {c.lhs, c.rhs})
    if (c.kind == Constraint::Kind::Compare && t.is_var()) vars.push_back(t.var);
  for (const Constraint& child : c.children) collect_vars(child, vars);
  vars.insert(vars.end(), c.left.begin(), c.left.end());
  vars.insert(vars.end(), c.right.begin(), c.right.end());
  for (const WeightedLabel& w : c.terms) vars.push_back(w.var);
}

std::vector<int> vars_of(const Constraint& c) {
  std::vector<int> vars;
  collect_vars(c, vars);
  std::sort(vars.begin(), vars.end());
  vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
  return vars;
}

bool subset_of(const std::vector<int>& vars, const std::array<int, 3>& at) {
  return std::all_of(vars.begin(), vars.end(),
                     [&](int v) { return std::find(at.begin(), at.end(), v) != at.end(); });
}

// How a search ended.
enum class End { Exhausted, Visitor, Limit };

class Xcc {
 public:
  using Visit = std::function<bool(const std::vector<int>&)>;
  using Report = std::function<void(const SearchProgress&)>;

  Xcc(const Formulation& f, std::uint64_t seed);

  End run(const StopCheck& check, const Visit& visit, const Report& report);
  // Randomised runs with restarts (see xcc.hpp): ties in the item choice and
  // the first option tried are drawn from `rng`; run k stops after
  // luby(k) * unit nodes and the next starts from the root. A run that ends
  // within its budget searched the whole tree.
  End run_restarts(const StopCheck& check, const Visit& visit, const Report& report, Rng& rng,
                   std::uint64_t unit);
  [[nodiscard]] int restarts() const { return restarts_; }
  // One random root-to-leaf path (Knuth's estimator): adds the path's
  // estimates of the number of solutions and of search nodes.
  void probe(Rng& rng, double weight, double& solutions, double& nodes);
  [[nodiscard]] std::uint64_t nodes() const { return nodes_; }
  // Before a search (the quotient's representatives): gives line v the label,
  // deleting the options that colour it otherwise; false when that leaves a
  // position or cube without options, or a label over its face count.
  // unfix_line undoes the last fix_line.
  bool fix_line(int v, int label);
  void unfix_line(int v);
  [[nodiscard]] const std::vector<int>& labels() const { return labels_; }
  // Runs body (the search, or probes) after the root's own propagation, then
  // undoes it; false when that propagation already fails.
  bool at_root(const std::function<void()>& body);
  // Counts (visits) the completions of the fixed lines; false when stopped.
  bool complete(const StopCheck& check, const Visit& visit, const Report& report);
  [[nodiscard]] const std::string& reason() const { return reason_; }

 private:
  struct Node {
    int top;    // item (option nodes), length (item headers), <= 0 (spacers)
    int ulink;  // spacers: first node of the option before
    int dlink;  // spacers: last node of the option after
    int color;  // label + 1 on secondary items, 0 on primary, -1 once purified
  };

  void classify(const Formulation& f);
  void build(const Formulation& f, std::uint64_t seed);
  void add_option(const std::array<int, 5>& items, const std::array<int, 5>& colors);

  void hide(int p);
  void unhide(int p);
  void cover(int i);
  void uncover(int i);
  void purify(int p);
  void unpurify(int p);
  void purify_line(int i, int color);
  void unpurify_line(int i, int color);
  void commit(int p, int j);
  void uncommit(int p, int j);
  void commit_others(int x);
  void uncommit_others(int x);
  bool assign(int x);
  bool label_line(int v, int label);
  [[nodiscard]] bool faces_reachable() const;
  void unassign(std::size_t mark);
  void drop_support(int q);
  void restore_support(int q);
  bool propagate(std::size_t from);
  void prune(int v, int label);
  void unprune(std::size_t mark);
  void search_root();
  void poll();
  void begin(const StopCheck& check, const Visit& visit, const Report& report);
  [[nodiscard]] int choose_item(int& fewest);
  [[nodiscard]] int first_option(int item, int options);
  [[nodiscard]] bool unwinding() const { return stopped_ || restart_; }
  void search();
  void count_node();
  [[nodiscard]] int choose_line();
  bool try_label_line(int v, int label, std::size_t events);
  void undo_label_line(int v, int label, std::size_t mark, std::size_t pruned, std::size_t events);
  [[nodiscard]] std::vector<int> label_order(int v, std::size_t events);
  void branch_line(int v);

  const Pyramid& pyramid_;
  int primary_ = 0;  // items 1..primary_; lines after them
  std::vector<Node> nodes_v_;
  std::vector<int> llink_, rlink_;
  std::vector<int> node_label_;  // label of a node on a line item; -1 otherwise
  bool infeasible_ = false;      // a constant constraint is false

  // Constraints checked during the search, and their bookkeeping.
  std::vector<Constraint> by_position_;  // applied to options, see build()
  std::vector<std::vector<int>> by_position_vars_;
  std::vector<Constraint> checked_;
  std::vector<std::vector<int>> checks_of_var_;
  std::vector<int> pending_;  // per checked constraint: variables still unlabelled
  std::vector<int> labels_;
  std::vector<int> trail_;
  // Every label's lines have total length (L+1)(L+2)/2 in every solution
  // (doc/model.md, Solution identities): a label whose lines already exceed it is a dead end.
  std::vector<int> face_used_;
  int face_target_ = 0;

  // Line domains (doc/counting.md, "The two engines"): support_[c] counts the
  // live options of one position that give one of its lines one label; when it
  // drops to 0 that label leaves the line's domain, and every option giving it
  // the label elsewhere goes too. reach_[l] is the most label l's lines can
  // still add up to (labelled lines plus unlabelled ones that may take l).
  int labels_count_ = 0;
  std::vector<int> node_support_;           // per node: its support counter, -1 off lines
  std::vector<int> support_;                // per (position, slot, label)
  std::vector<int> support_var_;            // per (position, slot): the line
  std::vector<char> allowed_;               // per (line, label)
  std::vector<int> domain_size_;            // per line
  std::vector<int> reach_;                  // per label
  std::vector<int> events_;                 // support counters that reached 0
  std::vector<std::array<int, 3>> pruned_;  // (line, label, removed_ size before)
  std::vector<int> removed_;                // line nodes unlinked by prune

  const StopCheck* check_ = nullptr;
  const Visit* visit_ = nullptr;
  const Report* report_ = nullptr;
  std::optional<ProgressPacer> pacer_;
  std::uint64_t nodes_ = 0, reported_nodes_ = 0;
  bool stopped_ = false;
  End end_ = End::Exhausted;
  Rng* rng_ = nullptr;            // randomised choices; nullptr: the fixed complete order
  std::uint64_t budget_end_ = 0;  // with restarts: the node count that ends this run
  bool restart_ = false;
  int restarts_ = 0;
  std::string reason_;
};

Xcc::Xcc(const Formulation& f, std::uint64_t seed) : pyramid_(f.pyramid()) {
  classify(f);
  build(f, seed);
}

// Splits the constraints into those applied to options (all variables on one
// position) and those checked once labelled.
void Xcc::classify(const Formulation& f) {
  std::vector<Constraint> flat;
  for (const Constraint& c : f.constraints()) flatten(c, flat);
  checks_of_var_.assign(pyramid_.var_count(), {});
  for (Constraint& c : flat) {
    const std::vector<int> vars = vars_of(c);
    if (vars.empty()) {
      infeasible_ = infeasible_ || !evaluate(c, std::vector<int>(pyramid_.var_count(), 0));
      continue;
    }
    const bool local =
        std::any_of(pyramid_.positions().begin(), pyramid_.positions().end(),
                    [&](const Position& pos) { return subset_of(vars, pyramid_.vars_at(pos)); });
    if (local) {
      by_position_.push_back(std::move(c));
      by_position_vars_.push_back(vars);
      continue;
    }
    for (int v : vars) checks_of_var_[v].push_back(static_cast<int>(checked_.size()));
    pending_.push_back(static_cast<int>(vars.size()));
    checked_.push_back(std::move(c));
  }
}

void Xcc::build(const Formulation& f, std::uint64_t seed) {
  const Pyramid& p = f.pyramid();
  const int positions = static_cast<int>(p.positions().size());
  const int L = p.labels();
  primary_ = 2 * positions;
  const int items = primary_ + p.var_count();
  nodes_v_.assign(items + 2, Node{0, 0, 0, 0});
  for (int i = 1; i <= items; ++i) nodes_v_[i] = Node{0, i, i, 0};
  llink_.resize(primary_ + 1);
  rlink_.resize(primary_ + 1);
  for (int i = 0; i <= primary_; ++i) {
    llink_[i] = i == 0 ? primary_ : i - 1;
    rlink_[i] = i == primary_ ? 0 : i + 1;
  }
  node_label_.assign(items + 2, -1);
  node_support_.assign(items + 2, -1);
  nodes_v_[items + 1] = Node{0, 0, 0, 0};  // the first spacer
  labels_count_ = L;
  support_.assign(static_cast<std::size_t>(positions) * 3 * L, 0);
  support_var_.resize(static_cast<std::size_t>(positions) * 3);
  for (int k = 0; k < positions; ++k)
    for (int slot = 0; slot < 3; ++slot)
      support_var_[3 * k + slot] = p.vars_at(p.positions()[k])[slot];

  std::vector<int> scratch(p.var_count(), 0);
  std::vector<std::array<int, 3>> triples;
  for (int a = 0; a < L; ++a)
    for (int b = 0; b < L; ++b)
      for (int c = 0; c < L; ++c) triples.push_back({a, b, c});
  Rng rng(seed);
  for (int k = 0; k < positions; ++k) {
    const auto vars = p.vars_at(p.positions()[k]);
    std::vector<const Constraint*> here;  // the constraints on this position's lines only
    for (std::size_t i = 0; i < by_position_.size(); ++i)
      if (subset_of(by_position_vars_[i], vars)) here.push_back(&by_position_[i]);
    if (seed != 0)
      for (int i = static_cast<int>(triples.size()) - 1; i > 0; --i)
        std::swap(triples[i], triples[rng.below(i + 1)]);
    for (const auto& t : triples) {
      for (int i = 0; i < 3; ++i) scratch[vars[i]] = t[i];
      const bool allowed = std::all_of(here.begin(), here.end(),
                                       [&](const Constraint* c) { return evaluate(*c, scratch); });
      if (!allowed) continue;
      Cube cube{t[0], t[1], t[2]};
      std::sort(cube.begin(), cube.end());
      const int first_line = primary_ + 1;
      add_option({1 + k, 1 + positions + p.cube_index(cube), first_line + vars[0],
                  first_line + vars[1], first_line + vars[2]},
                 {0, 0, 1 + t[0], 1 + t[1], 1 + t[2]});
    }
  }
  labels_.assign(p.var_count(), -1);
  face_used_.assign(L, 0);
  face_target_ = (L + 1) * (L + 2) / 2;
  allowed_.assign(static_cast<std::size_t>(p.var_count()) * L, 1);
  domain_size_.assign(p.var_count(), L);
  int total = 0;
  for (int v = 0; v < p.var_count(); ++v) total += p.line_length(v);
  reach_.assign(L, total);
}

void Xcc::add_option(const std::array<int, 5>& items, const std::array<int, 5>& colors) {
  const int spacer = static_cast<int>(nodes_v_.size()) - 1;
  for (int k = 0; k < 5; ++k) {
    const int item = items[k];
    const int x = static_cast<int>(nodes_v_.size());
    const int up = nodes_v_[item].ulink;
    nodes_v_.push_back(Node{item, up, item, colors[k]});
    nodes_v_[up].dlink = x;
    nodes_v_[item].ulink = x;
    ++nodes_v_[item].top;
    const int label = colors[k] - 1 >= 0 && item > primary_ ? colors[k] - 1 : -1;
    node_label_.push_back(label);
    const int support = label < 0 ? -1 : (3 * (items[0] - 1) + k - 2) * labels_count_ + label;
    node_support_.push_back(support);
    if (support >= 0) ++support_[support];
  }
  const int last = static_cast<int>(nodes_v_.size()) - 1;
  nodes_v_[spacer].dlink = last;
  nodes_v_.push_back(Node{nodes_v_[spacer].top - 1, spacer + 1, 0, 0});
  node_label_.push_back(-1);
  node_support_.push_back(-1);
}

void Xcc::hide(int p) {
  drop_support(p);
  for (int q = p + 1; q != p;) {
    const Node& n = nodes_v_[q];
    if (n.top <= 0) {
      q = n.ulink;
      continue;
    }
    drop_support(q);
    if (n.color >= 0) {
      nodes_v_[n.ulink].dlink = n.dlink;
      nodes_v_[n.dlink].ulink = n.ulink;
      --nodes_v_[n.top].top;
    }
    ++q;
  }
}

void Xcc::unhide(int p) {
  for (int q = p - 1; q != p;) {
    const Node& n = nodes_v_[q];
    if (n.top <= 0) {
      q = n.dlink;
      continue;
    }
    restore_support(q);
    if (n.color >= 0) {
      nodes_v_[n.ulink].dlink = q;
      nodes_v_[n.dlink].ulink = q;
      ++nodes_v_[n.top].top;
    }
    --q;
  }
  restore_support(p);
}

void Xcc::drop_support(int q) {
  const int c = node_support_[q];
  if (c >= 0 && --support_[c] == 0) events_.push_back(c);
}

void Xcc::restore_support(int q) {
  const int c = node_support_[q];
  if (c >= 0) ++support_[c];
}

// Takes `label` out of line v's domain: the options giving it leave every list.
void Xcc::prune(int v, int label) {
  allowed_[static_cast<std::size_t>(v) * labels_count_ + label] = 0;
  --domain_size_[v];
  reach_[label] -= pyramid_.line_length(v);
  pruned_.push_back({v, label, static_cast<int>(removed_.size())});
  const int line = primary_ + 1 + v;
  for (int q = nodes_v_[line].dlink; q != line; q = nodes_v_[q].dlink) {
    if (nodes_v_[q].color != label + 1) continue;
    hide(q);
    nodes_v_[nodes_v_[q].ulink].dlink = nodes_v_[q].dlink;
    nodes_v_[nodes_v_[q].dlink].ulink = nodes_v_[q].ulink;
    --nodes_v_[line].top;
    removed_.push_back(q);
  }
}

void Xcc::unprune(std::size_t mark) {
  while (pruned_.size() > mark) {
    const auto [v, label, first] = pruned_.back();
    pruned_.pop_back();
    const int line = primary_ + 1 + v;
    while (static_cast<int>(removed_.size()) > first) {
      const int q = removed_.back();
      removed_.pop_back();
      nodes_v_[nodes_v_[q].ulink].dlink = q;
      nodes_v_[nodes_v_[q].dlink].ulink = q;
      ++nodes_v_[line].top;
      unhide(q);
    }
    reach_[label] += pyramid_.line_length(v);
    ++domain_size_[v];
    allowed_[static_cast<std::size_t>(v) * labels_count_ + label] = 1;
  }
}

// Works through the support counters that reached 0 since `from`, pruning
// (which may empty more); false when a line has no label left or a label's
// lines can no longer reach its face count.
bool Xcc::propagate(std::size_t from) {
  for (std::size_t e = from; e < events_.size(); ++e) {
    const int c = events_[e];
    const int v = support_var_[c / labels_count_], label = c % labels_count_;
    if (support_[c] != 0 || labels_[v] >= 0 ||
        !allowed_[static_cast<std::size_t>(v) * labels_count_ + label])
      continue;
    prune(v, label);
    if (domain_size_[v] == 0 || reach_[label] < face_target_) return false;
  }
  return true;
}

// The root's own propagation: the labels that options deleted by strategies,
// or lines fixed by the quotient, leave without support.
bool Xcc::at_root(const std::function<void()>& body) {
  const std::size_t events = events_.size(), pruned = pruned_.size();
  for (std::size_t c = 0; c < support_.size(); ++c)
    if (support_[c] == 0) events_.push_back(static_cast<int>(c));
  const bool ok = !infeasible_ && propagate(events);
  if (ok) body();
  unprune(pruned);
  events_.resize(events);
  return ok;
}

void Xcc::search_root() {
  at_root([this] { search(); });
}

void Xcc::cover(int i) {
  for (int p = nodes_v_[i].dlink; p != i; p = nodes_v_[p].dlink) hide(p);
  rlink_[llink_[i]] = rlink_[i];
  llink_[rlink_[i]] = llink_[i];
}

void Xcc::uncover(int i) {
  rlink_[llink_[i]] = i;
  llink_[rlink_[i]] = i;
  for (int p = nodes_v_[i].ulink; p != i; p = nodes_v_[p].ulink) unhide(p);
}

// The line of p takes p's colour: options with another colour go, those with
// the same colour are marked (they no longer constrain the line).
void Xcc::purify(int p) { purify_line(nodes_v_[p].top, nodes_v_[p].color); }

void Xcc::unpurify(int p) { unpurify_line(nodes_v_[p].top, nodes_v_[p].color); }

void Xcc::purify_line(int i, int c) {
  for (int q = nodes_v_[i].dlink; q != i; q = nodes_v_[q].dlink) {
    if (nodes_v_[q].color == c)
      nodes_v_[q].color = -1;
    else
      hide(q);
  }
}

void Xcc::unpurify_line(int i, int c) {
  for (int q = nodes_v_[i].ulink; q != i; q = nodes_v_[q].ulink) {
    if (nodes_v_[q].color < 0)
      nodes_v_[q].color = c;
    else
      unhide(q);
  }
}

void Xcc::commit(int p, int j) {
  if (nodes_v_[p].color == 0)
    cover(j);
  else if (nodes_v_[p].color > 0)
    purify(p);
}

void Xcc::uncommit(int p, int j) {
  if (nodes_v_[p].color == 0)
    uncover(j);
  else if (nodes_v_[p].color > 0)
    unpurify(p);
}

// Labels the lines of x's option; false when a checked constraint fails.
bool Xcc::assign(int x) {
  bool ok = true;
  int q = x;
  do {
    const int label = node_label_[q];
    if (label >= 0) {
      const int v = nodes_v_[q].top - primary_ - 1;
      if (labels_[v] < 0) ok = label_line(v, label) && ok;
    }
    q = nodes_v_[q + 1].top <= 0 ? nodes_v_[q + 1].ulink : q + 1;
  } while (q != x);
  return ok && faces_reachable();
}

bool Xcc::faces_reachable() const {
  return std::all_of(reach_.begin(), reach_.end(), [&](int r) { return r >= face_target_; });
}

// Gives unlabelled line v the label (trail, face counts, reach, checked
// constraints); false when the label's lines exceed its face count or a
// checked constraint fails.
bool Xcc::label_line(int v, int label) {
  labels_[v] = label;
  trail_.push_back(v);
  const int length = pyramid_.line_length(v);
  face_used_[label] += length;
  for (int other = 0; other < labels_count_; ++other)
    if (allowed_[static_cast<std::size_t>(v) * labels_count_ + other]) reach_[other] -= length;
  reach_[label] += length;
  bool ok = face_used_[label] <= face_target_;
  for (int k : checks_of_var_[v])
    if (--pending_[k] == 0 && ok) ok = evaluate(checked_[k], labels_);
  return ok;
}

void Xcc::unassign(std::size_t mark) {
  while (trail_.size() > mark) {
    const int v = trail_.back();
    trail_.pop_back();
    for (int k : checks_of_var_[v]) ++pending_[k];
    const int length = pyramid_.line_length(v), label = labels_[v];
    face_used_[label] -= length;
    for (int other = 0; other < labels_count_; ++other)
      if (allowed_[static_cast<std::size_t>(v) * labels_count_ + other]) reach_[other] += length;
    reach_[label] -= length;
    labels_[v] = -1;
  }
}

bool Xcc::fix_line(int v, int label) {
  const std::size_t events = events_.size();
  purify_line(primary_ + 1 + v, label + 1);
  events_.resize(events);  // the search's root propagation finds them again
  bool ok = label_line(v, label);
  for (int i = rlink_[0]; i != 0 && ok; i = rlink_[i]) ok = nodes_v_[i].top > 0;
  return ok;
}

void Xcc::unfix_line(int v) {
  const int label = labels_[v];
  unassign(trail_.size() - 1);
  unpurify_line(primary_ + 1 + v, label + 1);
}

bool Xcc::complete(const StopCheck& check, const Visit& visit, const Report& report) {
  begin(check, visit, report);
  search_root();
  return !stopped_;
}

void Xcc::poll() {
  if (check_->stopped()) {
    stopped_ = true;
    end_ = End::Limit;
    reason_ = check_->reason();
  }
  const Stopwatch::Clock::time_point now = Stopwatch::Clock::now();
  if (!*report_ || !pacer_->due(now)) return;
  SearchProgress progress;
  progress.elapsed_seconds = check_->stopwatch().seconds_at(now);
  progress.rate = static_cast<double>(nodes_ - reported_nodes_) / pacer_->window_seconds();
  progress.rate_unit = "nodes";
  progress.steps = nodes_;
  (*report_)(progress);
  reported_nodes_ = nodes_;
}

// Commits the other items of option x (its secondary colours and primary
// items), walking its nodes to the right; uncommit_others undoes it leftwards.
void Xcc::commit_others(int x) {
  for (int p = x + 1; p != x;) {
    const int j = nodes_v_[p].top;
    if (j <= 0) {
      p = nodes_v_[p].ulink;
    } else {
      commit(p, j);
      ++p;
    }
  }
}

void Xcc::uncommit_others(int x) {
  for (int p = x - 1; p != x;) {
    const int j = nodes_v_[p].top;
    if (j <= 0) {
      p = nodes_v_[p].dlink;
    } else {
      uncommit(p, j);
      --p;
    }
  }
}

// The primary item with the fewest options left (MRV), and that number;
// stops at an item with none, which makes the branch a dead end. Randomised,
// ties go to a uniformly drawn one (reservoir sampling); otherwise to the first.
int Xcc::choose_item(int& fewest) {
  int best = 0, ties = 0;
  fewest = INT_MAX;
  for (int i = rlink_[0]; i != 0; i = rlink_[i]) {
    const int len = nodes_v_[i].top;
    if (len < fewest) {
      fewest = len;
      best = i;
      ties = 1;
      if (fewest == 0) break;
    } else if (len == fewest && rng_ && rng_->below(++ties) == 0) {
      best = i;
    }
  }
  return best;
}

// The option of `item` tried first: its first, or a random one when randomised
// (the others follow in list order, wrapping past the header).
int Xcc::first_option(int item, int options) {
  int x = nodes_v_[item].dlink;
  if (rng_)
    for (int k = rng_->below(options); k > 0; --k) x = nodes_v_[x].dlink;
  return x;
}

void Xcc::search() {
  if (rlink_[0] == 0) {
    if (!(*visit_)(labels_)) {
      stopped_ = true;
      end_ = End::Visitor;
    }
    return;
  }
  int fewest = 0;
  const int best = choose_item(fewest);
  if (fewest == 0) return;
  if (rng_ && fewest > 1) return branch_line(choose_line());
  // The events of covering `best` are worked through again by every option.
  const std::size_t events = events_.size();
  cover(best);
  const std::size_t covered = events_.size();
  int x = first_option(best, fewest);
  for (int k = 0; k < fewest && !unwinding(); ++k) {
    count_node();
    commit_others(x);
    const std::size_t mark = trail_.size(), pruned = pruned_.size();
    if (assign(x) && propagate(events)) search();
    unprune(pruned);
    unassign(mark);
    uncommit_others(x);
    events_.resize(covered);
    x = nodes_v_[x].dlink;
    if (x == best) x = nodes_v_[x].dlink;
  }
  uncover(best);
  events_.resize(events);
}

void Xcc::count_node() {
  if ((++nodes_ & 1023) == 0) poll();
  if (budget_end_ != 0 && nodes_ >= budget_end_) restart_ = true;
}

// The unlabelled line to branch on: the longest (it meets the most positions),
// then the one with the fewest labels left, ties drawn from the seed.
int Xcc::choose_line() {
  int line = -1, ties = 0;
  const auto key = [&](int v) { return std::pair(pyramid_.line_length(v), -domain_size_[v]); };
  for (int v = 0; v < static_cast<int>(labels_.size()); ++v) {
    if (labels_[v] >= 0) continue;
    if (line < 0 || key(v) > key(line)) {
      line = v;
      ties = 1;
    } else if (key(v) == key(line) && rng_->below(++ties) == 0) {
      line = v;
    }
  }
  return line;
}

// Gives line v the label and propagates; undo_label_line undoes it (marks
// taken before, events_ back to `events`).
bool Xcc::try_label_line(int v, int label, std::size_t events) {
  purify_line(primary_ + 1 + v, label + 1);
  return label_line(v, label) && faces_reachable() && propagate(events);
}

void Xcc::undo_label_line(int v, int label, std::size_t mark, std::size_t pruned,
                          std::size_t events) {
  unprune(pruned);
  unassign(mark);
  unpurify_line(primary_ + 1 + v, label + 1);
  events_.resize(events);
}

// The labels left to line v, most promising first: each is tried and scored
// by the sum over the primary items left of log(options), the logarithm of the
// product of their branching degrees (a crude count of the completions);
// labels that fail at once are dropped. Ties keep a random order.
std::vector<int> Xcc::label_order(int v, std::size_t events) {
  std::vector<std::pair<double, int>> scored;
  for (int label = 0; label < labels_count_; ++label) {
    if (!allowed_[static_cast<std::size_t>(v) * labels_count_ + label]) continue;
    const std::size_t mark = trail_.size(), pruned = pruned_.size();
    double score = 0;
    bool ok = try_label_line(v, label, events);
    for (int i = rlink_[0]; i != 0 && ok; i = rlink_[i]) {
      ok = nodes_v_[i].top > 0;
      score += std::log(static_cast<double>(nodes_v_[i].top));
    }
    undo_label_line(v, label, mark, pruned, events);
    if (ok) scored.emplace_back(score, label);
  }
  for (int i = static_cast<int>(scored.size()) - 1; i > 0; --i)
    std::swap(scored[i], scored[rng_->below(i + 1)]);
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<int> order;
  for (const auto& entry : scored) order.push_back(entry.second);
  return order;
}

// Branches on the labels of line v (finding only): each label purifies the
// line as a chosen option would, and the search goes on below it.
void Xcc::branch_line(int v) {
  const std::size_t events = events_.size();
  for (int label : label_order(v, events)) {
    if (unwinding()) break;
    count_node();
    const std::size_t mark = trail_.size(), pruned = pruned_.size();
    if (try_label_line(v, label, events)) search();
    undo_label_line(v, label, mark, pruned, events);
  }
}

void Xcc::probe(Rng& rng, double weight, double& solutions, double& nodes) {
  if (infeasible_) return;
  if (rlink_[0] == 0) {
    solutions += weight;
    return;
  }
  int fewest = 0;
  const int best = choose_item(fewest);
  if (fewest == 0) return;
  weight *= fewest;
  nodes += weight;
  const std::size_t events = events_.size(), pruned = pruned_.size();
  cover(best);
  int x = nodes_v_[best].dlink;
  for (int k = rng.below(fewest); k > 0; --k) x = nodes_v_[x].dlink;
  commit_others(x);
  const std::size_t mark = trail_.size();
  if (assign(x) && propagate(events)) probe(rng, weight, solutions, nodes);
  unprune(pruned);
  unassign(mark);
  uncommit_others(x);
  uncover(best);
  events_.resize(events);
}

void Xcc::begin(const StopCheck& check, const Visit& visit, const Report& report) {
  check_ = &check;
  visit_ = &visit;
  report_ = &report;
  pacer_.emplace(Stopwatch::Clock::now());
}

End Xcc::run(const StopCheck& check, const Visit& visit, const Report& report) {
  begin(check, visit, report);
  search_root();
  return end_;
}

// Luby's sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (k from 1): within a
// factor log of the best fixed cutoff for any run-time distribution.
std::uint64_t luby(std::uint64_t k) {
  for (;;) {
    std::uint64_t p = 2;  // the smallest 2^i with 2^i - 1 >= k
    while (p - 1 < k) p *= 2;
    if (p - 1 == k) return p / 2;
    k -= p / 2 - 1;
  }
}

End Xcc::run_restarts(const StopCheck& check, const Visit& visit, const Report& report, Rng& rng,
                      std::uint64_t unit) {
  begin(check, visit, report);
  rng_ = &rng;
  if (infeasible_) return End::Exhausted;
  for (std::uint64_t k = 1;; ++k) {
    restart_ = false;
    budget_end_ = nodes_ + luby(k) * unit;
    search_root();
    if (!restart_ || stopped_) return end_;
    ++restarts_;
  }
}

// A count's end: the visitor stops the search only at max_solutions.
CountResult::End counted(End end) {
  switch (end) {
    case End::Exhausted: return CountResult::End::Exhausted;
    case End::Visitor: return CountResult::End::MaxSolutions;
    case End::Limit: break;
  }
  return CountResult::End::Limit;
}

// Nodes of the shortest run of the restart schedule: with the line branching,
// 1000 needs the least CPU to a first N=4 solution (100 and 10^4 about 1.3-3
// times more), and N=3 needs a few hundred nodes either way (bench/RESULTS.md).
constexpr std::uint64_t kRestartUnit = 1000;

// Knuth's estimator over `probes` random paths from the current root.
XccEstimate probe_paths(Xcc& xcc, Rng& rng, std::uint64_t probes) {
  double sum = 0, sum_squares = 0, nodes = 0;
  xcc.at_root([&] {
    for (std::uint64_t k = 0; k < probes; ++k) {
      double solutions = 0;
      xcc.probe(rng, 1.0, solutions, nodes);
      sum += solutions;
      sum_squares += solutions * solutions;
    }
  });
  XccEstimate e;
  e.probes = probes;
  const double n = static_cast<double>(probes);
  e.solutions = sum / n;
  e.nodes = nodes / n;
  const double variance = probes > 1 ? (sum_squares - sum * sum / n) / (n - 1) : 0;
  e.standard_error = std::sqrt(std::max(variance, 0.0) / n);
  return e;
}

CountOptions classes_only() {
  CountOptions options;
  options.up_to_symmetry = true;
  return options;
}

// The walk's test of a prefix of quotient lines, the one fixing them in the
// XCC structure gives (Xcc::fix_line) without touching it: every cube still
// fits some position (a position always keeps an option: only lines are
// fixed) and no label's fixed lines exceed its face count. Bit sets of cubes
// make it a few hundred word operations instead of unlinking options.
class CubeCover {
 public:
  explicit CubeCover(const Pyramid& p)
      : p_(p),
        free_(p.labels()),
        words_((p.cubes().size() + 63) / 64),
        labels_(p.var_count(), -1),
        face_used_(p.labels(), 0),
        face_target_((p.labels() + 1) * (p.labels() + 2) / 2) {
    for (const Position& pos : p.positions()) vars_.push_back(p.vars_at(pos));
    lines_at_.assign(p.var_count(), {});
    for (int v = 0; v < p.var_count(); ++v) length_.push_back(p.line_length(v));
    for (std::size_t k = 0; k < vars_.size(); ++k)
      for (int v : vars_[k]) lines_at_[v].push_back(static_cast<int>(k));
    codes_.assign(vars_.size(), code({free_, free_, free_}));
    build_fits();
    full_.assign(words_, 0);
    for (std::size_t c = 0; c < p.cubes().size(); ++c)
      full_[c / 64] |= std::uint64_t{1} << (c % 64);
  }

  // Fixes line v; false when a cube fits nowhere or a face count is exceeded
  // (unfix undoes it either way).
  bool fix(int v, int label) {
    labels_[v] = label;
    face_used_[label] += length_[v];
    recode(v);
    return face_used_[label] <= face_target_ && covered();
  }

  void unfix(int v) {
    face_used_[labels_[v]] -= length_[v];
    labels_[v] = -1;
    recode(v);
  }

  [[nodiscard]] const std::vector<int>& labels() const { return labels_; }

 private:
  // A position's state: each of its lines' label, or free_ (= L).
  [[nodiscard]] int code(const std::array<int, 3>& l) const {
    return (l[0] * (free_ + 1) + l[1]) * (free_ + 1) + l[2];
  }

  void recode(int v) {
    for (int k : lines_at_[v]) {
      const auto& at = vars_[k];
      const auto label = [&](int slot) {
        return labels_[at[slot]] < 0 ? free_ : labels_[at[slot]];
      };
      codes_[k] = code({label(0), label(1), label(2)});
    }
  }

  // fits_[code * words_ ...]: the cubes some ordered triple fitting that state makes.
  void build_fits() {
    const int states = free_ + 1;
    fits_.assign(static_cast<std::size_t>(states * states * states) * words_, 0);
    for (int a = 0; a < free_; ++a)
      for (int b = 0; b < free_; ++b)
        for (int c = 0; c < free_; ++c) {
          Cube cube{a, b, c};
          std::sort(cube.begin(), cube.end());
          const int index = p_.cube_index(cube);
          for (int mask = 0; mask < 8; ++mask) {
            const int s = code({mask & 1 ? free_ : a, mask & 2 ? free_ : b, mask & 4 ? free_ : c});
            fits_[static_cast<std::size_t>(s) * words_ + index / 64] |= std::uint64_t{1}
                                                                        << (index % 64);
          }
        }
  }

  [[nodiscard]] bool covered() const {
    for (std::size_t w = 0; w < words_; ++w) {
      std::uint64_t any = 0;
      for (int s : codes_) any |= fits_[static_cast<std::size_t>(s) * words_ + w];
      if (any != full_[w]) return false;
    }
    return true;
  }

  const Pyramid& p_;
  int free_;
  std::size_t words_;
  std::vector<std::array<int, 3>> vars_;    // per position
  std::vector<std::vector<int>> lines_at_;  // per line: its positions
  std::vector<int> codes_;                  // per position
  std::vector<std::uint64_t> fits_, full_;
  std::vector<int> length_, labels_, face_used_;  // per line, line, label
  int face_target_;
};

// The quotient count (xcc.hpp): walks the labellings of the quotient lines in
// restricted-growth form, block by block, keeps those least in their orbit,
// and counts (or estimates) the completions of each representative of the part.
class Quotient {
 public:
  Quotient(const Formulation& f, const SolveLimits& limits, const QuotientOptions& options)
      : f_(f),
        part_(options),
        probes_(options.probes),
        xcc_(f, 0),
        cover_(f.pyramid()),
        group_(f.pyramid()),
        lines_(quotient_lines(f.pyramid())),
        ends_(quotient_block_ends(f.pyramid())),
        options_(classes_only()),
        tally_(f, options_),
        check_(limits.started()),
        rng_(limits.seed) {
    visit_ = [this](const std::vector<int>& labels) { return tally_.add(labels); };
    options_.on_solution = [this](const Solution& s, std::uint64_t) {
      class_orbits_ +=
          orbit(group_.rank_prefix(s.labels(), static_cast<int>(s.labels().size())).fixing,
                f_.pyramid().labels());
    };
    whole_ = options.resume;
    result_.solutions = whole_.solutions;
    if (!options.dancing_links && XccBits::fits(f.pyramid())) bits_.emplace(f.pyramid());
    all_.resize(group_.geometric_count());
    std::iota(all_.begin(), all_.end(), 0);
    fixing_.resize(ends_.size());
  }

  QuotientCount run() {
    walk(0, 0);
    result_.classes = part_.resume.classes + tally_.classes();
    result_.nodes = part_.resume.nodes + nodes();
    result_.class_orbits = part_.resume.class_orbits + class_orbits_;
    result_.whole = whole_;
    result_.standard_error = std::sqrt(variance_);
    return result_;
  }

 private:
  void walk(std::size_t k, int used) {
    if (!result_.complete) return;
    const auto end = std::find(ends_.begin(), ends_.end(), static_cast<int>(k));
    if (end != ends_.end()) {
      const auto block = static_cast<std::size_t>(end - ends_.begin());
      fixing_[block].clear();
      const PrefixRank rank =
          group_.rank_prefix(cover_.labels(), static_cast<int>(k),
                             block == 0 ? all_ : fixing_[block - 1], fixing_[block]);
      if (!rank.least) return;
      if (k == lines_.size()) return representative(rank.fixing, used);
    }
    for (int l = 0; l <= used && l < f_.pyramid().labels() && result_.complete; ++l) {
      if (cover_.fix(lines_[k], l)) walk(k + 1, std::max(used, l + 1));
      cover_.unfix(lines_[k]);
    }
  }

  [[nodiscard]] std::uint64_t nodes() const { return xcc_.nodes() + (bits_ ? bits_->nodes() : 0); }

  // |G| / |stabiliser|: the geometric elements fixing the labelling up to a
  // relabelling, times the (L - used)! relabellings of the labels it leaves out.
  [[nodiscard]] std::uint64_t orbit(int fixing, int used) const {
    std::uint64_t size = static_cast<std::uint64_t>(group_.geometric_count() / fixing);
    for (int i = 0; i < used; ++i) size *= static_cast<std::uint64_t>(f_.pyramid().labels() - i);
    return size;
  }

  void stop(std::string reason) {
    result_.complete = false;
    result_.reason = std::move(reason);
  }

  // Also polls the limits: the walk between two searches can be long.
  void representative(int fixing, int used) {
    if (check_.stopped()) return stop(check_.reason());
    const std::uint64_t index = result_.representatives++;
    if (static_cast<int>(index % static_cast<std::uint64_t>(part_.count)) != part_.index) return;
    const std::uint64_t k = result_.counted++;
    if (probes_ > 0) {
      fix_lines();
      estimate(static_cast<double>(orbit(fixing, used)));
      unfix_lines();
    } else if (k >= part_.resume.done) {
      count(fixing, used);
    }
    if (result_.counted == part_.limit) stop("representative limit reached");
  }

  // Counts the representative's completions; when they are all counted,
  // checks the classes' orbits against the representative's and adds it to
  // the part's whole representatives.
  void count(int fixing, int used) {
    const std::uint64_t before = tally_.solutions(), classes = tally_.classes();
    const std::uint64_t orbits = class_orbits_, size = orbit(fixing, used);
    complete();
    const std::uint64_t completions = tally_.solutions() - before;
    result_.solutions += size * completions;
    if (!result_.complete) return;
    if (class_orbits_ - orbits != size * completions)
      throw std::logic_error(fmt::format(
          "the quotient count's classes have orbits adding up to {}, their representative's "
          "orbit times its completions is {}",
          class_orbits_ - orbits, size * completions));
    whole_ = {.done = result_.counted,
              .solutions = result_.solutions,
              .classes = part_.resume.classes + tally_.classes(),
              .nodes = part_.resume.nodes + nodes(),
              .class_orbits = part_.resume.class_orbits + class_orbits_};
    if (part_.on_representative)
      part_.on_representative({cover_.labels(), size, completions, tally_.classes() - classes});
    if (part_.on_tally) part_.on_tally(whole_);
  }

  // Counts the representative's completions into the tally: by XccBits
  // where the pyramid is small enough, else by the dancing links.
  void complete() {
    if (bits_) {
      if (!bits_->complete(cover_.labels(), check_, visit_)) stop(check_.reason());
      return;
    }
    fix_lines();
    if (!xcc_.complete(check_, visit_, {})) stop(xcc_.reason());
    unfix_lines();
  }

  // The representative's lines fixed in the XCC structure: the walk's test
  // (CubeCover) passed, so fixing them passes too.
  void fix_lines() {
    for (int v : lines_)
      if (!xcc_.fix_line(v, cover_.labels()[v]))
        throw std::logic_error("the quotient walk kept a prefix that XCC refuses");
  }

  void unfix_lines() {
    for (auto v = lines_.rbegin(); v != lines_.rend(); ++v) xcc_.unfix_line(*v);
  }

  void estimate(double size) {
    const XccEstimate e = probe_paths(xcc_, rng_, probes_);
    result_.estimated_solutions += size * e.solutions;
    result_.estimated_nodes += e.nodes;
    variance_ += size * size * e.standard_error * e.standard_error;
  }

  const Formulation& f_;
  const QuotientOptions& part_;
  std::uint64_t probes_;
  Xcc xcc_;
  std::optional<XccBits> bits_;
  CubeCover cover_;
  SymmetryGroup group_;
  std::vector<int> lines_, ends_;
  // The geometric elements, and per block end those fixing the walk's
  // prefix up to it: only they can rank a longer prefix (rank_prefix).
  std::vector<int> all_;
  std::vector<std::vector<int>> fixing_;
  CountOptions options_;
  SolutionTally tally_;
  StopCheck check_;
  Rng rng_;
  Xcc::Visit visit_;
  QuotientCount result_;
  QuotientTally whole_;
  std::uint64_t class_orbits_ = 0;  // of the classes this run counted
  double variance_ = 0;
};

}  // namespace

QuotientCount count_quotient_xcc(const Formulation& formulation, const SolveLimits& limits,
                                 const QuotientOptions& options) {
  if (!formulation.strategies().empty())
    throw UserError(
        "the quotient count takes no strategy (the group must map solutions to "
        "solutions)");
  return Quotient(formulation, limits, options).run();
}

SolveResult solve_xcc(const Formulation& formulation, const SolveLimits& limits) {
  Xcc xcc(formulation, limits.seed);
  std::optional<Solution> found;
  const Xcc::Visit visit = [&](const std::vector<int>& labels) {
    found.emplace(formulation.pyramid().levels(), labels);
    return false;
  };
  const StopCheck check = limits.started();  // outlives the search, which keeps a pointer
  Rng rng(limits.seed);
  switch (xcc.run_restarts(check, visit, limits.progress, rng, kRestartUnit)) {
    case End::Visitor: return {SolveResult::Status::Sat, std::move(found), {}};
    case End::Exhausted: return {SolveResult::Status::Unsat, std::nullopt, {}};
    case End::Limit: break;
  }
  return {SolveResult::Status::Unknown, std::nullopt, xcc.reason()};
}

CountResult count_xcc(const Formulation& formulation, const SolveLimits& limits,
                      const CountOptions& options) {
  const Formulation f = with_part(formulation, options);
  SolutionTally tally(f, options);
  Xcc xcc(f, limits.seed);
  // With a limit the search restarts, so a labelling may come back: only new ones count.
  const bool restarts = options.max_solutions > 0;
  std::unordered_set<std::string> found;
  const Xcc::Visit visit = [&](const std::vector<int>& labels) {
    if (restarts && !found.emplace(labels.begin(), labels.end()).second) return true;
    return tally.add(labels);
  };
  Xcc::Report report;
  if (limits.progress)
    report = [&](const SearchProgress& nodes) {
      SearchProgress progress = nodes;
      progress.solutions = tally.solutions();
      progress.classes = tally.classes();
      limits.progress(progress);
    };
  CountResult result;
  const StopCheck check = limits.started();  // outlives the search, which keeps a pointer
  Rng rng(limits.seed);
  result.end = counted(restarts ? xcc.run_restarts(check, visit, report, rng, kRestartUnit)
                                : xcc.run(check, visit, report));
  if (result.end == CountResult::End::Limit) result.reason = xcc.reason();
  result.solutions = tally.solutions();
  result.classes = tally.classes();
  result.nodes = xcc.nodes();
  result.restarts = static_cast<std::uint64_t>(xcc.restarts());
  return result;
}

XccEstimate estimate_xcc(const Formulation& formulation, const CountOptions& options,
                         std::uint64_t probes, std::uint64_t seed) {
  const Formulation f = with_part(formulation, options);
  Xcc xcc(f, 0);
  Rng rng(seed);
  return probe_paths(xcc, rng, probes);
}

}  // namespace bel_pyramid
