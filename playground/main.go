//go:build js && wasm

// Command playground is golem compiled to WebAssembly for the browser
// playground. It runs inside a Web Worker (see web/worker.js) and exposes a
// global object golem with:
//
//	eval(code, onOutput) → Promise<{text, error, segments, stopped}>
//	                                     evaluate in the session. Output is
//	                                     streamed while the code runs, as
//	                                     onOutput(stream, text) calls with
//	                                     stream "stdout" or "stderr"; text is
//	                                     the evaluate-lisp response text of
//	                                     the values or the error, segments
//	                                     the same text split for display, and
//	                                     stopped why a limit or Stop ended
//	                                     the run ("time", "output", "user",
//	                                     "other" or "")
//	reset()                              start a fresh session
//	setInterruptFlag(int32Array)         a flag in a SharedArrayBuffer the
//	                                     page sets to 1 to stop an evaluation
//	version                              golem's version
//	limits                               {timeoutMs, maxOutput, maxMemory}
//
// It calls golemReady() once the object is installed.
package main

import (
	"context"
	"errors"
	"syscall/js"
	"time"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/playground/output"
	"github.com/golem-lisp/golem/playground/response"
)

// The playground's limits: a browser tab has less room than a server.
const (
	evalTimeout = 10 * time.Second
	maxMemory   = 256 << 20
	// maxOutput is how many bytes of output one run may send to the page;
	// past it the run is stopped, so a runaway print loop cannot flood it.
	maxOutput = 100_000
)

type playground struct {
	in   *golem.Interpreter
	out  *output.Stream
	flag js.Value // Int32Array over a SharedArrayBuffer, or undefined
}

func main() {
	p := &playground{flag: js.Undefined()}
	p.out = output.New(maxOutput, func() { p.in.Interrupt(response.OutputStopReason) })
	p.reset()
	api := js.Global().Get("Object").New()
	api.Set("eval", js.FuncOf(p.jsEval))
	api.Set("reset", js.FuncOf(func(js.Value, []js.Value) any { p.reset(); return nil }))
	api.Set("setInterruptFlag", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) > 0 {
			p.flag = args[0]
		}
		return nil
	}))
	api.Set("version", golem.Version)
	api.Set("limits", map[string]any{
		"timeoutMs": evalTimeout.Milliseconds(),
		"maxOutput": maxOutput,
		"maxMemory": maxMemory,
	})
	js.Global().Set("golem", api)
	if ready := js.Global().Get("golemReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

func (p *playground) reset() {
	p.in = golem.New(golem.Options{
		Stdout: p.out.Writer("stdout"),
		Stderr: p.out.Writer("stderr"),
		Limits: golem.Limits{Timeout: evalTimeout, MaxMemory: maxMemory},
	})
}

// jsEval returns a promise of the evaluation's result; the evaluation runs
// on its own goroutine so the JavaScript callback returns at once.
func (p *playground) jsEval(_ js.Value, args []js.Value) any {
	code := ""
	if len(args) > 0 {
		code = args[0].String()
	}
	onOutput := js.Undefined()
	if len(args) > 1 && args[1].Type() == js.TypeFunction {
		onOutput = args[1]
	}
	var executor js.Func
	executor = js.FuncOf(func(_ js.Value, res []js.Value) any {
		resolve := res[0]
		go func() {
			defer executor.Release()
			emit := func(stream, text string) {
				if onOutput.Truthy() {
					onOutput.Invoke(stream, text)
				}
			}
			text, isErr, segs, stopped := p.eval(code, emit)
			parts := make([]any, len(segs))
			for i, sg := range segs {
				parts[i] = map[string]any{"c": sg.Class, "t": sg.Text}
			}
			resolve.Invoke(map[string]any{"text": text, "error": isErr, "segments": parts, "stopped": stopped})
		}()
		return nil
	})
	return js.Global().Get("Promise").New(executor)
}

// eval evaluates code while a watchdog goroutine sends the output written
// so far and polls the page's stop flag. The interpreter yields to other
// goroutines every few thousand steps under GOOS=js, which is what lets the
// watchdog run.
func (p *playground) eval(code string, emit func(stream, text string)) (string, bool, []response.Segment, string) {
	done := make(chan struct{})
	p.out.Begin(emit)
	var atomics js.Value
	if p.flag.Truthy() {
		atomics = js.Global().Get("Atomics")
		atomics.Call("store", p.flag, 0, 0)
	}
	go func() {
		tick := time.NewTicker(25 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				p.out.Flush()
				if p.flag.Truthy() && atomics.Call("load", p.flag, 0).Int() != 0 {
					atomics.Call("store", p.flag, 0, 0)
					p.in.Interrupt(response.UserStopReason)
				}
			}
		}
	}()
	res, err := p.in.Eval(context.Background(), code)
	close(done)
	p.out.End()
	if err != nil {
		var e *golem.Error
		if errors.As(err, &e) {
			shown := *e
			shown.Report = response.ForBrowser(e.Report)
			return shown.Text(), true, response.OfError(&shown), response.Stop(err)
		}
		text := "[ERROR] GOLEM:INTERNAL-ERROR\n" + err.Error()
		return text, true, []response.Segment{{Class: "error", Text: text}}, ""
	}
	return res.Text(), false, response.OfResult(res), ""
}
