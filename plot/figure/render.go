package figure

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Format is an image file format a figure can be written in.
type Format string

// The formats Write supports.
const (
	PNG Format = "png"
	SVG Format = "svg"
	PDF Format = "pdf"
)

// ParseFormats parses a comma-separated list such as "png,svg,pdf"
// (case-insensitive, duplicates removed, order kept).
func ParseFormats(s string) ([]Format, error) {
	var out []Format
	for _, f := range strings.Split(s, ",") {
		f = strings.ToLower(strings.TrimSpace(f))
		if f == "" {
			continue
		}
		switch Format(f) {
		case PNG, SVG, PDF:
		default:
			return nil, fmt.Errorf("unknown figure format %q (want png, svg or pdf)", f)
		}
		if !slices.Contains(out, Format(f)) {
			out = append(out, Format(f))
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no figure format in %q (want png, svg or pdf)", s)
	}
	return out, nil
}

// Options set a figure's size and resolution.
type Options struct {
	// Width and Height are the figure's size in inches (a multi-panel
	// figure divides it between its panels).
	Width, Height float64
	// DPI is the resolution of PNG output (SVG and PDF are vector).
	DPI int
}

// DefaultOptions returns a size that fits one column of a two-column paper
// page at full width when scaled to 50%: 6 × 4 inches at 200 DPI.
func DefaultOptions() Options { return Options{Width: 6, Height: 4, DPI: 200} }

// Limits on Options, so that a typo cannot ask for a gigapixel image.
const (
	minInches, maxInches = 1.0, 40.0
	minDPI, maxDPI       = 30, 1200
)

// Validate checks the options.
func (o Options) Validate() error {
	for _, v := range []struct {
		name string
		x    float64
	}{{"width", o.Width}, {"height", o.Height}} {
		if math.IsNaN(v.x) || v.x < minInches || v.x > maxInches {
			return fmt.Errorf("figure %s %v in is outside [%g, %g] inches", v.name, v.x, minInches, maxInches)
		}
	}
	if o.DPI < minDPI || o.DPI > maxDPI {
		return fmt.Errorf("figure DPI %d is outside [%d, %d]", o.DPI, minDPI, maxDPI)
	}
	return nil
}

// Figure is one figure: one plot, or several panels laid out in a grid,
// under one title and one legend, and the caption that says what it shows.
type Figure struct {
	// Name is the file stem (Write adds ".png", ".svg", ".pdf", ".txt").
	Name string
	// Caption says what the figure shows, in sentences.
	Caption string
	// Title is drawn once, centred above the panels (panels carry only
	// their own subtitles); Legend, when not empty, once below it: one
	// entry per series, for every panel.
	Title  string
	Legend []LegendEntry
	// Panels holds the plots row by row; every row has the same length.
	Panels [][]*plot.Plot
	// RowHeights are the rows' relative heights (nil: equal), e.g. a tall
	// curve over a short histogram. The data areas of a column line up.
	RowHeights []float64
	// Size scales Options.Width and Options.Height for this figure (0 or 1:
	// as given), e.g. a taller forest plot with many rows.
	WidthScale, HeightScale float64
}

// single returns a figure of one plot, its title lifted to the figure's.
func single(name, caption string, p *plot.Plot, legend []LegendEntry) Figure {
	title := p.Title.Text
	p.Title.Text = ""
	return Figure{Name: name, Caption: caption, Title: title, Legend: legend, Panels: [][]*plot.Plot{{p}}}
}

// size returns the figure's width and height.
func (f *Figure) size(o Options) (vg.Length, vg.Length) {
	w, h := o.Width, o.Height
	if f.WidthScale > 0 {
		w *= f.WidthScale
	}
	if f.HeightScale > 0 {
		h *= f.HeightScale
	}
	return vg.Length(w) * vg.Inch, vg.Length(h) * vg.Inch
}

// Render writes the figure in one format. gonum/plot panics on some
// degenerate layouts; Render turns such a panic into an error naming the
// figure, so no input can crash plumb.
func (f *Figure) Render(w io.Writer, format Format, o Options) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("figure %s: drawing failed: %v", f.Name, r)
		}
	}()
	if err := o.Validate(); err != nil {
		return err
	}
	if len(f.Panels) == 0 || len(f.Panels[0]) == 0 {
		return fmt.Errorf("figure %s has no panels", f.Name)
	}
	cols := len(f.Panels[0])
	for i, row := range f.Panels {
		if len(row) != cols {
			return fmt.Errorf("figure %s: panel row %d has %d plots, want %d", f.Name, i, len(row), cols)
		}
	}
	width, height := f.size(o)
	var c interface {
		vg.CanvasWriterTo
	}
	switch format {
	case PNG:
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(o.DPI))}
	case SVG:
		c = vgsvg.NewWith(vgsvg.UseWH(width, height), vgsvg.EmbedFonts(true))
	case PDF:
		pc := vgpdf.New(width, height)
		pc.EmbedFonts(true)
		c = pc
	default:
		return fmt.Errorf("unknown figure format %q", format)
	}
	dc := draw.New(safeCanvas{c})
	area := draw.Crop(dc, figurePad, -figurePad, figurePad, -figurePad)
	if f.Title != "" {
		sty := textStyle(titleSize)
		sty.XAlign, sty.YAlign = text.XCenter, text.YTop
		area.FillText(sty, vg.Point{X: area.Center().X, Y: area.Max.Y}, f.Title)
		area.Max.Y -= sty.Height(f.Title) + figurePad
	}
	if len(f.Legend) > 0 {
		area.Max.Y -= drawLegend(area, f.Legend) + figurePad
	}
	if len(f.RowHeights) != 0 && len(f.RowHeights) != len(f.Panels) {
		return fmt.Errorf("figure %s: %d row heights for %d panel rows", f.Name, len(f.RowHeights), len(f.Panels))
	}
	canvases := layout(f.Panels, f.RowHeights, area)
	for i, row := range f.Panels {
		for j, p := range row {
			p.Draw(canvases[i][j])
		}
	}
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return fmt.Errorf("figure %s: rendering %s: %w", f.Name, format, err)
	}
	_, err = w.Write(buf.Bytes())
	return err
}
