"""The compile-time benchmark (bench/compile/run.py, which says what it measures), by job.

common        the repository's benchmark code it reuses, the error type, the target GPU
processes     running a compiler, reading its --mlir-timing report and its failures
operators     the operators of the suites
roller        Roller: roller-opt's selection and its whole compile to PTX
iree          IREE: how iree-compile targets sm_90, and its compile
triton_matmul Triton: the tutorial matmul's configurations on the matmul shapes
peers_venv    the virtual environment IREE and Triton come from
summary       per-row ratios and the run's statistics
tables        numbers, the per-operator table and the summary as text
report        what a run prints and writes: terminal, CSV, JSON, markdown
"""
