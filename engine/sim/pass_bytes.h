// What one scheduled pass moves through device memory and how many constraints it projects, from the
// byte counts in the pass table (sim/pass_table.cpp): the bench divides them by the pass times for the
// effective bandwidth (docs/benchmarks.md).
#pragma once

#include <cstdint>

#include "sim/solver_layout.h"
#include "sim/solver_schedule.h"

namespace vkxpbd {

// Bytes read plus written by pass `p` (0 for passes the table does not count).
uint64_t passBytes(const ScheduledPass& p, const SolverLayout& layout);

// Constraint projections of pass `p`: distance and element constraints of a colour or the Jacobi batch,
// coarse constraints of a hierarchy colour; 0 for every other pass.
uint64_t passProjections(const ScheduledPass& p);

}  // namespace vkxpbd
