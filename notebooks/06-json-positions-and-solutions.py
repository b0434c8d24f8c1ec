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
# # Positions and solutions as JSON
#
# A teacher can set a puzzle as a `wisp-position/1` file; a student answers with a `wisp-solution/1` file, which
# anyone can check, by program or with `wispwidget check FILE`.

# %%
import json

import wispwidget as ww
from wispwidget.io.check import check_solution_text
from wispwidget.io.text import render

run = [f"{r}S" for r in "KQJT98765432"]
puzzle = {
    "format": "wisp-position/1", "game": "will-o-the-wisp", "variant": "standard",
    "tableau": [{"down": [], "up": run}, {"down": [], "up": ["5H"]}, {"down": [], "up": ["AS"]},
                {"down": [], "up": ["4H"]}, {"down": [], "up": []}, {"down": [], "up": []}, {"down": [], "up": []}],
    "stock": [], "foundations": ["C", "D"],
}
puzzle["tableau"][1]["up"] = ["KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H"]
puzzle["tableau"][3]["up"] = ["4H", "3H", "2H", "AH"]
position = ww.position_from_dict(puzzle)
print(render(position))

# %% [markdown]
# A bad file is refused with a message that says what and where:

# %%
broken = json.loads(json.dumps(puzzle))
broken["tableau"][2]["up"] = ["1S"]
try:
    ww.position_from_dict(broken)
except ww.FormatError as error:
    print(error)

# %% [markdown]
# ## Checking a student's solution

# %%
student = {"format": "wisp-solution/1", "position": puzzle,
           "moves": [{"from": "t2", "to": "t0"}, {"from": "t3", "to": "t1", "count": 4}]}
print(json.dumps(check_solution_text(json.dumps(student))))

# %%
wrong = {"format": "wisp-solution/1", "position": puzzle,
         "moves": [{"from": "t3", "to": "t0", "count": 4}]}
print(json.dumps(check_solution_text(json.dumps(wrong))))

# %% [markdown]
# The solver writes the same format, so its answer is checkable the same way:

# %%
result = ww.solve(position)
solution = ww.write_solution(position, result.moves)
result.result, [str(m) for m in result.moves], check_solution_text(solution)["won"]
