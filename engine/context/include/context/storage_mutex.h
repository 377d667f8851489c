#pragma once

// The engine's storage lock: a std::mutex whose waiters spin briefly before
// sleeping.
//
// It is held for one operation's storage work, a few microseconds. With two
// server threads a waiter that goes straight to sleep costs a futex wait, a
// futex wake in the holder's unlock and a engine switch per hand-off: more
// than the wait itself (HTTP PutItem ran faster on one thread than on two
// before this). Spinning for about the length of one hold first lets most
// hand-offs happen without the kernel; a longer wait (a CreateTable, a
// snapshot) still sleeps.

#include <mutex>

namespace dynamini {

class StorageMutex {
 public:
  void lock() {
    for (int i = 0; i < kSpins; ++i) {
      if (mutex_.try_lock()) return;
      relax();
    }
    mutex_.lock();
  }
  bool try_lock() { return mutex_.try_lock(); }
  void unlock() { mutex_.unlock(); }

 private:
  // ~100 ns each on x86 (PAUSE): about 10 µs in all.
  static constexpr int kSpins = 100;

  static void relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }

  std::mutex mutex_;
};

}  // namespace dynamini
