package calibraeval

import "github.com/plumb-eval/plumb/calib/calibtest"

func publishedOptions(c calibtest.PublishedCase) PublishedOptions {
	return PublishedOptions{Lambda: c.Lambda, BatchSize: c.BatchSize, LR: c.LR, Epochs: c.Epochs}
}
