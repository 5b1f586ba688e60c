package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/demo"
	"github.com/plumb-eval/plumb/model/importer"
)

// loadLog reads the files, or the embedded demo when there are none. Any
// error is the input's fault and exits with status 2. The report shows no
// prompt or response texts, so they are checked but kept only with
// keepText (the UI shows them).
//
// Files of other tools' formats (docs/importing.md) are detected by
// their content and converted on the fly; from names the format instead,
// and maps are the --map KEY=COLUMN pairs of the columns format. "-" is
// standard input; pipes and FIFOs are read once, as streams. Every file
// read is recorded in the run's Guard, so that no output overwrites it.
func loadLog(cmd *cobra.Command, files []string, skipBad, keepText bool, from string, maps []string) (*model.Log, error) {
	return loadLogLengths(cmd, files, skipBad, keepText, from, importer.Options{Map: maps}, model.ReadOptions{})
}

// loadLogLengths is loadLog keeping the lengths of skipped response texts
// as lengths asks (its TextLengths and GenTextLengths; styleReadOptions),
// with the importer's options iopt (--map, --annotators).
func loadLogLengths(cmd *cobra.Command, files []string, skipBad, keepText bool, from string, iopt importer.Options, lengths model.ReadOptions) (*model.Log, error) {
	if len(files) == 0 {
		lg, err := demo.Log()
		if err != nil {
			return nil, fmt.Errorf("reading the embedded demo: %w", err)
		}
		return lg, nil
	}
	op := opener(cmd)
	lg, err := importer.Load(files, from, model.ReadOptions{SkipBad: skipBad, SkipText: !keepText, Opener: op,
		TextLengths: lengths.TextLengths, GenTextLengths: lengths.GenTextLengths}, iopt)
	if err != nil {
		return nil, inputError{err}
	}
	if err := checkRead(lg, files, op); err != nil {
		return nil, err
	}
	return lg, nil
}

// readLog reads log-format-v1 files (texts kept) as loadLog does.
func readLog(cmd *cobra.Command, files []string, skipBad bool) (*model.Log, error) {
	op := opener(cmd)
	lg, err := model.ReadFiles(files, model.ReadOptions{SkipBad: skipBad, Opener: op})
	if err != nil {
		return nil, inputError{err}
	}
	if err := checkRead(lg, files, op); err != nil {
		return nil, err
	}
	return lg, nil
}

// checkRead refuses a load that found no record although its inputs were
// not empty: 0 records from a non-empty input is never a success.
func checkRead(lg *model.Log, files []string, op *model.Opener) error {
	n := op.Total()
	if len(lg.Pairs)+len(lg.Scores)+len(lg.Verdicts) > 0 || n == 0 && lg.Skipped == 0 {
		return nil
	}
	msg := fmt.Sprintf("no records read from %s (%d bytes)", strings.Join(files, ", "), n)
	if lg.Skipped > 0 {
		msg += fmt.Sprintf("; %s skipped", vocab.Plural(lg.Skipped, "bad record"))
	}
	return inputError{errors.New(msg)}
}
