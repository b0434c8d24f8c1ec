# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # How winnable is Will o' the Wisp?
#
# A study solves many deals and counts what it settles. **Winnable here means "winnable seeing every card"**: the
# solver knows the face-down cards and the stock order, which a person never does. A deal it cannot settle within
# its budget is *unknown*; the interval below counts unknowns both ways (lost for the lower bound, won for the
# upper), as Blake and Gent do.

# %%
from wispwidget.studies.study import StudyJob, study

results = {}
for variant in ("standard", "relaxed"):
    jobs = [StudyJob("will-o-the-wisp", variant, seed, 50_000) for seed in range(1, 31)]
    results[variant] = study(jobs)
    s = results[variant]
    print(f"{variant:8}: won {s['won']}, lost {s['lost']}, unknown {s['unknown']}; "
          f"winnable between {100 * s['winnable_low']:.0f}% and {100 * s['winnable_high']:.0f}% (95%)")

# %% tags=["nbval-ignore-output"]
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(6, 3))
for i, s in enumerate(results.values()):
    ax.bar(i, 100 * (s["winnable_high"] - s["winnable_low"]), bottom=100 * s["winnable_low"], color="#90caf9")
    ax.plot([i - 0.3, i + 0.3], [100 * s["won_share"]] * 2, color="#2e7d32")
ax.set_xticks(range(len(results)), list(results))
ax.set_ylabel("winnable share, %")
ax.set_title("95% interval (bar) and proved share (line), 30 deals at 50,000 positions");

# %% [markdown]
# The shipped catalogue of proved deals (deals 1-200 at 1,000,000 positions) tells the same story at a
# larger budget. Run `wispwidget study will-o-the-wisp --deals 1-1000 --max-positions 250000 --workers 2` for the
# full figure, or `benchmarks/solver_rates.py` for every game.

# %%
from wispwidget.studies.winnable import catalogue_range, proved_seeds

deals = catalogue_range()
for key in ("will-o-the-wisp/standard", "will-o-the-wisp/relaxed", "black-widow/standard", "waxing-moon/standard"):
    print(f"{key:26} {len(proved_seeds(key)):3} of {len(deals)} deals proved winnable")
