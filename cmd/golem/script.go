package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/golem-lisp/golem"
	rt "github.com/golem-lisp/golem/runtime"
)

// run runs golem run: the --eval and --load steps in order, then the
// script, with its arguments in GOLEM:*COMMAND-LINE-ARGUMENTS*. Output is
// written as the program writes it. The status is 0, the code the program
// gave EXIT, or 1 after an unhandled error (its report goes to stderr).
func (c *runCmd) run(steps []step, stdin io.Reader, stdout, stderr io.Writer) int {
	args := c.Arguments
	if c.Script == "--" && len(args) > 0 {
		// golem run -- FILE ARGS: kong keeps the -- for the script's
		// position, which takes everything after it.
		c.Script, args = args[0], args[1:]
	} else if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	var program string
	if c.Script == "-" {
		src, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintln(stderr, "golem:", err)
			return 1
		}
		program = skipShebang(string(src))
		stdin = strings.NewReader("")
	} else if st, err := os.Stat(c.Script); err != nil || st.IsDir() {
		if err == nil {
			err = fmt.Errorf("%s is a directory", c.Script)
		}
		fmt.Fprintln(stderr, "golem run:", strings.TrimPrefix(err.Error(), "stat "))
		return 1
	}
	in := golem.New(userOptions(stdin, stdout, stderr))
	in.SetCommandLineArguments(args)
	// An unhandled error is reported with the top-level form it happened
	// in: the image's debugger notes where, and declines.
	var where rt.SourceLocation
	in.Image().Debugger = func(th *rt.Thread, _ *rt.Instance) {
		where, _ = th.FormLocation()
	}
	reportEnd := func(err error, stderr io.Writer) int {
		// The script's own forms are a file's, or standard input's for -.
		if c.Script != "-" && !where.IsFile() {
			where = rt.SourceLocation{}
		}
		return reportError(err, stderr, where)
	}
	// Warnings go to stderr as they are signalled.
	ctx := golem.WithWarningFunc(context.Background(), printWarning(stderr, nil))
	if err := runSteps(ctx, in, steps); err != nil {
		return reportEnd(err, stderr)
	}
	var err error
	if perr := guard(func() {
		if c.Script == "-" {
			_, err = in.Eval(ctx, program)
		} else {
			_, err = in.LoadFile(ctx, c.Script)
		}
	}); perr != nil {
		err = perr
	}
	return reportEnd(err, stderr)
}

// runSteps runs the --eval and --load options in order, stopping at the
// first that fails (an unhandled error, or EXIT).
func runSteps(ctx context.Context, in *golem.Interpreter, steps []step) error {
	for _, s := range steps {
		var err error
		if perr := guard(func() {
			if s.load {
				_, err = in.LoadFile(ctx, s.arg)
			} else {
				_, err = in.Eval(ctx, s.arg)
			}
		}); perr != nil {
			err = perr
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// skipShebang drops a first line starting with #!, keeping its newline so
// that line numbers stay right.
func skipShebang(src string) string {
	if !strings.HasPrefix(src, "#!") {
		return src
	}
	if i := strings.IndexByte(src, '\n'); i >= 0 {
		return src[i:]
	}
	return ""
}
