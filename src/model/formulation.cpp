#include "model/formulation.hpp"

namespace bel_pyramid {

void Formulation::add_strategy(const std::string& name, std::vector<Constraint> constraints) {
  strategies_.push_back({name, static_cast<int>(constraints.size())});
  for (auto& c : constraints) constraints_.push_back(std::move(c));
}

const char* to_string(Domain domain) { return domain == Domain::Int ? "int" : "enum"; }

}  // namespace bel_pyramid
