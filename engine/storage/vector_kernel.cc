#include "storage/vector_kernel.h"

namespace dynamini {
namespace {

// Function multiversioning: the loader picks the widest instruction set the
// processor has (GCC target_clones; glibc ifunc). Not under ThreadSanitizer:
// the loader runs an ifunc resolver before TSan's runtime is up, and the
// instrumented resolver crashes the program at start.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_THREAD__)
#define DYNAMINI_VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define DYNAMINI_VECTOR_CLONES
#endif

constexpr size_t kLanes = 8;

DYNAMINI_VECTOR_CLONES
double dot(const float* __restrict a, const float* __restrict b, size_t n) {
  double acc[kLanes] = {};
  size_t j = 0;
  for (; j + kLanes <= n; j += kLanes) {
    for (size_t k = 0; k < kLanes; ++k) {
      acc[k] += static_cast<double>(a[j + k]) * static_cast<double>(b[j + k]);
    }
  }
  double sum = 0;
  for (size_t k = 0; k < kLanes; ++k) sum += acc[k];
  for (; j < n; ++j) sum += static_cast<double>(a[j]) * static_cast<double>(b[j]);
  return sum;
}

DYNAMINI_VECTOR_CLONES
double squared_distance(const float* __restrict a, const float* __restrict b, size_t n) {
  double acc[kLanes] = {};
  size_t j = 0;
  for (; j + kLanes <= n; j += kLanes) {
    for (size_t k = 0; k < kLanes; ++k) {
      const double d = static_cast<double>(a[j + k]) - static_cast<double>(b[j + k]);
      acc[k] += d * d;
    }
  }
  double sum = 0;
  for (size_t k = 0; k < kLanes; ++k) sum += acc[k];
  for (; j < n; ++j) {
    const double d = static_cast<double>(a[j]) - static_cast<double>(b[j]);
    sum += d * d;
  }
  return sum;
}

}  // namespace

void vector_dot_products(const float* rows, size_t count, size_t dimensions, const float* query,
                         double* out) {
  for (size_t i = 0; i < count; ++i) out[i] = dot(rows + i * dimensions, query, dimensions);
}

void vector_squared_distances(const float* rows, size_t count, size_t dimensions,
                              const float* query, double* out) {
  for (size_t i = 0; i < count; ++i) {
    out[i] = squared_distance(rows + i * dimensions, query, dimensions);
  }
}

void vector_squared_norms(const float* rows, size_t count, size_t dimensions, double* out) {
  for (size_t i = 0; i < count; ++i) {
    const float* row = rows + i * dimensions;
    out[i] = dot(row, row, dimensions);
  }
}

}  // namespace dynamini
