"""Search: the tuned solver, and (for teaching) textbook algorithms over the same engine."""

from .solver import BackgroundSolve, CancelToken, SolverDefect, SolveResult, solve, verify_line

__all__ = ["BackgroundSolve", "CancelToken", "SolveResult", "SolverDefect", "solve", "verify_line"]
