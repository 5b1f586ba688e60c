// Package figure draws plumb's publication figures as image files — PNG,
// SVG and PDF — with gonum.org/v1/plot: the calibration curve g* with the
// histogram of observed P(A), recall per arrangement for each method, a
// forest plot of each method's change from raw with its interval, the LS–US
// scatter of likelihood bias, the CI width against the calibration budget
// split, a comparison of several judges, the length bias by length
// difference, self-preference and win rates of calib/style (Style), and
// the accuracy and conflict rate of Multiple Evidence Calibration as the
// number of samples K grows (KCurve).
//
// Like package plot it computes no statistics: it takes calib results or
// plain numbers and returns Figures, which Write renders. Every figure has
// one title above its panels, one legend below the title (for every panel),
// axes labelled with their units and ticked at round values (0 labelled
// whenever an axis spans it), and a caption (written beside it as
// NAME.txt) saying what it shows. Series differ by colour from the
// Okabe–Ito palette (safe for colour-blind readers), in an order whose
// first five colours differ pairwise by at least 0.12 in WCAG relative
// luminance (style.go), and also by dash pattern and marker shape, so a
// figure still reads in greyscale; a method has the same style in every
// figure (MethodSeries). θ̂ and p̂ are drawn with their hats (hatText).
// Fonts are embedded in SVG and PDF. The same figure and options give
// byte-identical SVG.
package figure
