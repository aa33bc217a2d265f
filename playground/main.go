//go:build js && wasm

// Command playground is golem compiled to WebAssembly for the browser
// playground. It runs inside a Web Worker (see web/worker.js) and exposes a
// global object golem with:
//
//	eval(code) → Promise<{text, error, segments}>
//	                                     evaluate in the session; text is the
//	                                     evaluate-lisp response text, segments
//	                                     the same text split for display
//	reset()                              start a fresh session
//	setInterruptFlag(int32Array)         a flag in a SharedArrayBuffer the
//	                                     page sets to 1 to stop an evaluation
//	version                              golem's version
//
// It calls golemReady() once the object is installed.
package main

import (
	"context"
	"syscall/js"
	"time"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/playground/response"
)

// evalTimeout is the time limit of one evaluation in the playground.
const evalTimeout = 10 * time.Second

type playground struct {
	in   *golem.Interpreter
	flag js.Value // Int32Array over a SharedArrayBuffer, or undefined
}

func main() {
	p := &playground{flag: js.Undefined()}
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
	js.Global().Set("golem", api)
	if ready := js.Global().Get("golemReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

func (p *playground) reset() {
	p.in = golem.New(golem.Options{Limits: golem.Limits{Timeout: evalTimeout}})
}

// jsEval returns a promise of the evaluation's result; the evaluation runs
// on its own goroutine so the JavaScript callback returns at once.
func (p *playground) jsEval(_ js.Value, args []js.Value) any {
	code := ""
	if len(args) > 0 {
		code = args[0].String()
	}
	var executor js.Func
	executor = js.FuncOf(func(_ js.Value, res []js.Value) any {
		resolve := res[0]
		go func() {
			defer executor.Release()
			text, isErr, segs := p.eval(code)
			parts := make([]any, len(segs))
			for i, sg := range segs {
				parts[i] = map[string]any{"c": sg.Class, "t": sg.Text}
			}
			resolve.Invoke(map[string]any{"text": text, "error": isErr, "segments": parts})
		}()
		return nil
	})
	return js.Global().Get("Promise").New(executor)
}

// eval evaluates code while a watchdog goroutine polls the page's stop
// flag. The interpreter yields to other goroutines every few thousand
// steps under GOOS=js, which is what lets the watchdog run.
func (p *playground) eval(code string) (string, bool, []response.Segment) {
	done := make(chan struct{})
	if p.flag.Truthy() {
		atomics := js.Global().Get("Atomics")
		atomics.Call("store", p.flag, 0, 0)
		go func() {
			tick := time.NewTicker(25 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-done:
					return
				case <-tick.C:
					if atomics.Call("load", p.flag, 0).Int() != 0 {
						atomics.Call("store", p.flag, 0, 0)
						p.in.Interrupt("stopped by the user")
					}
				}
			}
		}()
	}
	res, err := p.in.Eval(context.Background(), code)
	close(done)
	if err != nil {
		if e, ok := err.(*golem.Error); ok {
			return e.Text(), true, response.OfError(e)
		}
		text := "[ERROR] GOLEM:INTERNAL-ERROR\n" + err.Error()
		return text, true, []response.Segment{{Class: "error", Text: text}}
	}
	return res.Text(), false, response.OfResult(res)
}
