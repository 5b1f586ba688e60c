// Package plot draws plumb's charts — calibration curves, histograms, bars,
// braille scatter plots, interval bars — as terminal strings (and, later,
// image files). It takes plain numbers or calib results and returns
// rendered output; it computes no statistics and knows nothing of the TUI's
// state.
package plot
