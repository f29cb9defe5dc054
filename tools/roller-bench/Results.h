//===- Results.h - roller-bench's JSON-lines results file -------*- C++ -*-===//
//
// With --results FILE, every event (a candidate started, timed, found wrong
// or invalid; an operator done or skipped; a library time) is appended to
// FILE as one JSON object per line, flushed at once: bench/gpu/run.py
// watches the file for progress and, after a fault or a hang, resumes from
// the last record the dead process wrote.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_TOOLS_ROLLER_BENCH_RESULTS_H
#define ROLLER_TOOLS_ROLLER_BENCH_RESULTS_H

#include <string>

namespace roller::bench {

/// Opens `path` for appending; false (errno set) when it cannot.
bool openResults(const std::string &path);

/// Writes one record (a JSON object) when a results file is open.
void emitRecord(const std::string &json);

/// A number for a record: JSON has no NaN or infinity, so those are null.
std::string num(double v);

} // namespace roller::bench

#endif // ROLLER_TOOLS_ROLLER_BENCH_RESULTS_H
