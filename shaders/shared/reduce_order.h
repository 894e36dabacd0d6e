// The summation order of the GPU's one-work-group reductions (volume_reduce.comp, momentum_reduce.comp),
// for the CPU reference, so that it gets the same floats: thread t of a `Size`-thread group adds elements
// t, t + Size, t + 2·Size, … in turn, then the partial sums are added pairwise, halving the stride each time.
// C++ only.
#ifndef VKXPBD_SHARED_REDUCE_ORDER_H
#define VKXPBD_SHARED_REDUCE_ORDER_H

#include <cstdint>

namespace vkxpbd::gpu {

template <uint32_t Size, typename T, typename Element, typename Add>
T workGroupReduce(uint32_t count, T zero, Element element, Add add) {
  T partial[Size];
  for (uint32_t t = 0; t < Size; ++t) {
    T sum = zero;
    for (uint32_t k = t; k < count; k += Size) sum = add(sum, element(k));
    partial[t] = sum;
  }
  for (uint32_t stride = Size / 2; stride > 0; stride /= 2)
    for (uint32_t t = 0; t < stride; ++t) partial[t] = add(partial[t], partial[t + stride]);
  return partial[0];
}

}  // namespace vkxpbd::gpu

#endif
