package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/importer"
)

const importLong = `Convert the judge logs other tools wrote into plumb's log format v1 (JSON
Lines; docs/log-format.md), so they can be kept, edited and shared:

  fastchat     FastChat / MT-Bench pairwise judgments (gpt-4_pair.jsonl)
  llmbar       LLMBar evaluators/<judge>/<strategy>/result.json (or the folder)
  arena-hard   Arena-Hard-Auto model_judgment/<judge>/<model>.jsonl
  judgebench   JudgeBench outputs/dataset=judgebench,...,judge_model=....jsonl
  alpacaeval   AlpacaEval annotations.json
  pandalm      PandaLM testset-v1.json with its judge files, joined by idx
  columns      any CSV, TSV or flat JSON with a column mapping (--map)
  v1           plumb's own format

Each file's format is detected by its content (gzip or not); --from names it
instead. A folder is walked for the judge logs it holds. "plumb FILE" and
"plumb report FILE" read the same formats directly; import writes them out.
docs/importing.md says how each format's fields map to records.

--map takes KEY=COLUMN pairs (repeat the flag): for verdicts, one row per
answer and one true/false column per judge, judge-columns=A,B,C with
human=COL and id=COL; for pairs, p_a.x0=COL (or choice.x0, logprobs.x0.A,
...) with judge=COL or judge-name=NAME, and id, gold, group, prompt,
response_1, response_2. A second run in the other order is
p_a.swapped=COL (or choice.swapped, logprobs.swapped.A/B) with swap=x1 or
swap=x2, which is required: x1 if that run calls response_2 B (IDs follow
the content), x2 if it calls response_2 A (IDs stay on positions, as
FastChat, LLMBar, JudgeBench and Arena-Hard do).

Verdicts that cannot be read (null, "error", "garbage") become missing
arrangements; they, items left out and judges whose position bias cannot be
measured are counted in the summary on stderr. Bad input exits with status
2 and an error naming the file, line and field; --skip-bad skips bad
records (counted) instead.`

// importOptions holds the import command's flag values.
type importOptions struct {
	from    string
	mapping []string
	skipBad bool
	// annotators reads a PandaLM test set's annotators as judges.
	annotators bool
	output     string
}

func newImportCmd() *cobra.Command {
	o := importOptions{}
	cmd := &cobra.Command{
		Use:   "import FILE|DIR... [-o OUT.jsonl]",
		Short: "convert other tools' judge logs to plumb's log format",
		Long:  importLong,
		Example: `  plumb import gpt-4_pair.jsonl -o mtbench.jsonl
  plumb import LLMBar/Dataset/Processed -o llmbar.jsonl.gz
  plumb import --from pandalm testset-v1.json gpt-3.5-turbo-testset-v1.json -o pandalm.jsonl
  plumb import --from columns --map id=qid --map judge-columns=gpt4,llama --map human=correct answers.csv`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return inputError{errors.New("import needs at least one FILE or folder")}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runImport(cmd, args, &o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.from, "from", "", "format of every input: "+formatNames()+" (default: detect by content)")
	f.StringArrayVar(&o.mapping, "map", nil, "column mapping KEY=COLUMN for --from columns (repeat)")
	f.BoolVar(&o.skipBad, "skip-bad", false, "skip bad records (counted) instead of stopping")
	f.BoolVar(&o.annotators, "annotators", false, "PandaLM: also read the test set's three annotators as judges annotator-1, annotator-2 and annotator-3")
	onceStringVarP(f, &o.output, "output", "o", "", "write the log to `FILE` (atomically; .gz is gzipped; default stdout)")
	return cmd
}

func formatNames() string {
	var names []string
	for _, f := range importer.Formats() {
		names = append(names, string(f))
	}
	return strings.Join(names, ", ")
}

// runImport reads the inputs, writes them as log format v1 and prints a
// summary to stderr.
func runImport(cmd *cobra.Command, inputs []string, o *importOptions) error {
	if err := refuseInput(o.output, inputs); err != nil {
		return err
	}
	op := opener(cmd)
	lg, err := importer.Load(inputs, o.from, model.ReadOptions{SkipBad: o.skipBad, Opener: op}, importer.Options{Map: o.mapping, Annotators: o.annotators})
	if err != nil {
		if errors.Is(err, model.ErrBadInput) {
			return inputError{err}
		}
		return err
	}
	if len(lg.Pairs)+len(lg.Scores)+len(lg.Verdicts) == 0 {
		// As for an empty input file: an empty log would only be refused
		// by every command that reads it, so nothing is written.
		for _, n := range lg.Notes {
			fmt.Fprintln(cmd.ErrOrStderr(), "note: "+safe(n))
		}
		msg := "no records to import: nothing written"
		if lg.Skipped > 0 {
			msg += " (" + vocab.Plural(lg.Skipped, "bad record") + " skipped)"
		}
		return inputError{&model.LineError{Msg: msg}}
	}
	if err := checkRead(lg, inputs, op); err != nil {
		return err
	}
	dest, err := writeOutput(cmd, o.output, func(w io.Writer) error { return model.WriteLog(w, lg) })
	if err != nil {
		var ie inputError
		if errors.As(err, &ie) {
			return err
		}
		return fmt.Errorf("writing the log: %w", err)
	}
	importSummary(cmd.ErrOrStderr(), lg, dest)
	return nil
}

// importSummary prints what was read and written, and every note.
func importSummary(w io.Writer, lg *model.Log, dest string) {
	for _, f := range lg.Files {
		line := fmt.Sprintf("%s: %s, %s, %s", safe(f.Name), vocab.Plural(f.Pairs, "pair"), vocab.Plural(f.Scores, "score"), vocab.Plural(f.Verdicts, "verdict"))
		if f.Skipped > 0 {
			line += ", " + vocab.Plural(f.Skipped, "bad record") + " skipped"
		}
		fmt.Fprintln(w, line)
	}
	judges := map[string]bool{}
	for _, p := range lg.Pairs {
		judges[p.Judge] = true
	}
	for _, s := range lg.Scores {
		judges[s.Judge] = true
	}
	for _, v := range lg.Verdicts {
		judges[v.Judge] = true
	}
	fmt.Fprintf(w, "wrote %s (%d pairs, %d scores, %d verdicts) of %s to %s\n",
		vocab.Plural(len(lg.Pairs)+len(lg.Scores)+len(lg.Verdicts), "record"), len(lg.Pairs), len(lg.Scores), len(lg.Verdicts),
		vocab.Plural(len(judges), "judge"), safe(dest))
	if lg.Skipped > 0 {
		fmt.Fprintf(w, "skipped %s:\n", vocab.Plural(lg.Skipped, "bad record"))
		for _, r := range lg.SkipReasons {
			fmt.Fprintln(w, "  "+safe(r))
		}
	}
	for _, n := range lg.Notes {
		fmt.Fprintln(w, "note: "+safe(n))
	}
}
