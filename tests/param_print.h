// Readable test parameters: GoogleTest prints a parameter it cannot print as raw bytes
// ("GetParam() = 48-byte object <D8-D4 …>") in --gtest_list_tests and in failure messages; these print
// the solver mode and the integrator by name. Each parameter struct has its PrintTo next to it.
#pragma once

#include <ostream>

#include "sim/model.h"

namespace vkxpbd {

inline void PrintTo(SolverMode mode, std::ostream* os) {
  *os << solverModeName(mode);
}
inline void PrintTo(Integrator integrator, std::ostream* os) {
  *os << integratorName(integrator);
}

}  // namespace vkxpbd
