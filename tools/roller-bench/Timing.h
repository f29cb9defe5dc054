//===- Timing.h - Time work on a stream with CUDA events --------*- C++ -*-===//
//
// The measurement policy: a first run, timed alone (it sizes the rest), then
// warm-up runs and timed runs whose median is the figure. A slow candidate
// gets fewer timed runs (at least 3) so that one operator's top-k fits the
// time the options allow.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_TOOLS_ROLLER_BENCH_TIMING_H
#define ROLLER_TOOLS_ROLLER_BENCH_TIMING_H

#include "CudaLibraries.h"
#include "Options.h"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace roller::bench {

/// Times work enqueued on one stream, between two CUDA events.
class EventTimer {
public:
  explicit EventTimer(const Options &options) : opts(options) {}

  /// Creates the events; `stream` is where the timed work is enqueued.
  void init(cudaStream_t timedStream) {
    stream = timedStream;
    check(cudaEventCreate(&start), "event");
    check(cudaEventCreate(&stop), "event");
  }

  /// Runs `body` (which enqueues work on the stream) with the policy of the
  /// options: warm-up runs, then timed runs until `reps` or the candidate's
  /// time budget; returns the median ms. `prepare` runs before every run,
  /// outside the timed region.
  template <typename Body, typename Prepare>
  double timeMedian(Body body, Prepare prepare, double firstMs, int &repsDone,
                    int &warmupDone) {
    warmupDone = firstMs > 100 ? 0 : opts.warmup;
    for (int i = 0; i < warmupDone; ++i) {
      prepare();
      body();
    }
    check(cudaStreamSynchronize(stream), "warm-up");
    int reps = opts.reps;
    if (firstMs > 0)
      reps =
          std::max(3, std::min(opts.reps, int(opts.maxCandidateMs / firstMs)));
    std::vector<float> times;
    for (int i = 0; i < reps; ++i)
      times.push_back(timeRun(body, prepare, "timed run"));
    repsDone = reps;
    std::sort(times.begin(), times.end());
    size_t n = times.size();
    return n % 2 ? times[n / 2] : 0.5 * (times[n / 2 - 1] + times[n / 2]);
  }

  /// Times one run of `body` (after `prepare`), synchronously.
  template <typename Body, typename Prepare>
  double timeOnce(Body body, Prepare prepare) {
    return timeRun(body, prepare, "first run");
  }

private:
  /// One run of `body` after `prepare`, waited for; `what` names it in an
  /// error.
  template <typename Body, typename Prepare>
  float timeRun(Body &body, Prepare &prepare, const char *what) {
    prepare();
    check(cudaEventRecord(start, stream), "cudaEventRecord");
    body();
    check(cudaEventRecord(stop, stream), "cudaEventRecord");
    check(cudaEventSynchronize(stop), what);
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    return ms;
  }

  const Options &opts;
  cudaStream_t stream = nullptr;
  cudaEvent_t start = nullptr, stop = nullptr;
};

} // namespace roller::bench

#endif // ROLLER_TOOLS_ROLLER_BENCH_TIMING_H
