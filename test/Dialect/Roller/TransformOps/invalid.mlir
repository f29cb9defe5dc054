// RUN: roller-opt %s --split-input-file --verify-diagnostics

// The static attributes are checked by the verifier, before any script runs.

transform.sequence failures(propagate) {
^bb0(%arg: !transform.any_op):
  // expected-error @below {{'transform.roller.select' op rank must be at least 1, got 0}}
  %0 = transform.roller.select %arg {rank = 0} : (!transform.any_op) -> !transform.any_op
  transform.yield
}

// -----

transform.sequence failures(propagate) {
^bb0(%arg: !transform.any_op):
  // expected-error @below {{'transform.roller.select' op top_k must be at least 1, got -2}}
  %0 = transform.roller.select %arg {top_k = -2} : (!transform.any_op) -> !transform.any_op
  transform.yield
}

// -----

transform.sequence failures(propagate) {
^bb0(%arg: !transform.any_op):
  // expected-error @below {{'transform.roller.select' op device must name a preset or a JSON file}}
  %0 = transform.roller.select %arg {device = ""} : (!transform.any_op) -> !transform.any_op
  transform.yield
}

// -----

transform.sequence failures(propagate) {
^bb0(%arg: !transform.any_op):
  // expected-error @below {{'transform.roller.select' op attribute 'device' failed to satisfy constraint: string attribute}}
  %0 = transform.roller.select %arg {device = 3} : (!transform.any_op) -> !transform.any_op
  transform.yield
}

// -----

transform.sequence failures(propagate) {
^bb0(%arg: !transform.any_op):
  // expected-error @below {{op result #0 must be TransformHandleTypeInterface instance}}
  %0 = transform.roller.tile %arg : (!transform.any_op) -> i32
  transform.yield
}
