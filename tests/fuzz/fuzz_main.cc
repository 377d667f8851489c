// libFuzzer entry point; DYNAMINI_FUZZ_TARGET names the body (fuzz_bodies.h).
#include "fuzz_bodies.h"

#define STRINGIFY2(x) #x
#define STRINGIFY(x) STRINGIFY2(x)

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const dynamini::fuzz::Body body =
      dynamini::fuzz::body_named(STRINGIFY(DYNAMINI_FUZZ_TARGET));
  body(data, size);
  return 0;
}
