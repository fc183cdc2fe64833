#include <iostream>

#include "app/cli.hpp"

int main(int argc, char** argv) { return bel_pyramid::run_cli(argc, argv, std::cout, std::cerr); }
