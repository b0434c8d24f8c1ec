"""Studies over many deals or runs: proved-winnable deals and the daily deal, deal studies, statistics,
algorithm comparisons."""
