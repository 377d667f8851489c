#pragma once

// Exact nearest-neighbour scoring over contiguous float32 rows (a vector
// index's rows as storage/vector_rows.h keeps them in memory). Each row is
// `dimensions` floats; row i starts at rows + i * dimensions.
//
// Scores follow DynamoDB's definitions (API reference, SearchVectors):
//   COSINE       1 - cos(q, x), 0 (same direction) .. 2 (opposite); a zero
//                vector on either side scores 1;
//   EUCLIDEAN    sqrt(sum (q_i - x_i)^2);
//   DOT_PRODUCT  sum q_i * x_i (higher is nearer).
// Elements are float32 (the index's storage precision) and products are summed
// in double, as DynamoDB does (nubo-db/dynoxide src/actions/search_vectors.rs,
// recorded against DynamoDB: sums wider than float32, the final score clamped
// to float32's range).
//
// The inner loops keep 8 independent double accumulators so that the compiler
// vectorises them without reassociating a single sum (no -ffast-math); the
// file is built with -O3 and, on x86-64, for AVX2 and AVX-512 as well as the
// baseline (function multiversioning picks one at load time).

#include <cstddef>

namespace dynamini {

// out[i] = sum_j query[j] * rows[i * dimensions + j]
void vector_dot_products(const float* rows, size_t count, size_t dimensions, const float* query,
                         double* out);
// out[i] = sum_j (query[j] - rows[i * dimensions + j])^2
void vector_squared_distances(const float* rows, size_t count, size_t dimensions,
                              const float* query, double* out);
// out[i] = sum_j rows[i * dimensions + j]^2
void vector_squared_norms(const float* rows, size_t count, size_t dimensions, double* out);

}  // namespace dynamini
