// Package plot draws plumb's charts — calibration curves, histograms, bars,
// braille scatter plots, interval bars — as terminal strings; package
// plot/figure draws the image files. It takes plain numbers or calib results
// and returns rendered output; it computes no statistics and knows nothing of
// the TUI's state.
//
// Output is plain text without ANSI colour, so meaning never rests on colour:
// series differ by glyph (── against ··, █ against ▒) and captions say which
// is which. Every multi-line chart (Scatter, CurveChart, LineChart) returns
// exactly Height lines of exactly Width terminal cells joined by "\n", and
// Bars and Intervals return lines of exactly the given width; small sizes
// drop the less important parts (captions, tick labels) rather than overflow,
// and no input panics. The TUI calls these functions once per result, not per
// frame.
package plot
