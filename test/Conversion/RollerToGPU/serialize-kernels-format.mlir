// RUN: roller-opt %s --roller-serialize-kernels=format=cubin2 -verify-diagnostics

// expected-error @below {{roller-serialize-kernels: unknown format 'cubin2' (isa, bin, fatbin or llvm)}}
module {
}
