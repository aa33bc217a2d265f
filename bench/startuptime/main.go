// Command startuptime measures the start-up of command lines, run one after
// another in turn (interleaved, so that a change in the machine's load hits
// them all alike), and prints for each the median and quartiles of its wall
// time and of its CPU time (user+sys of the child, from wait4's rusage).
//
//	go run ./bench/startuptime -n 40 /tmp/golem eval '(+ 1 2)' --- sbcl --non-interactive --eval '(print (+ 1 2))'
//
// Command lines are separated by "---". Each run's output is discarded; a
// run that fails stops the measurement.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"
)

func main() {
	n := flag.Int("n", 40, "runs of each command line")
	warm := flag.Int("warm", 3, "untimed runs of each command line first")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: startuptime [-n runs] [-warm runs] cmd args... [--- cmd args...]...")
		flag.PrintDefaults()
	}
	flag.Parse()
	cmds := split(flag.Args())
	if len(cmds) == 0 {
		flag.Usage()
		os.Exit(2)
	}
	wall := make([][]time.Duration, len(cmds))
	cpu := make([][]time.Duration, len(cmds))
	for i := -*warm; i < *n; i++ {
		for c, argv := range cmds {
			w, u, err := run(argv)
			if err != nil {
				fmt.Fprintf(os.Stderr, "startuptime: %s: %v\n", strings.Join(argv, " "), err)
				os.Exit(1)
			}
			if i >= 0 {
				wall[c] = append(wall[c], w)
				cpu[c] = append(cpu[c], u)
			}
		}
	}
	fmt.Printf("%d runs each, interleaved; milliseconds: median (quartiles) [fastest]\n", *n)
	for c, argv := range cmds {
		fmt.Printf("%-40s wall %s   cpu %s\n", strings.Join(argv, " "), stats(wall[c]), stats(cpu[c]))
	}
}

// split cuts args into command lines at each "---".
func split(args []string) [][]string {
	var cmds [][]string
	var cur []string
	for _, a := range args {
		if a == "---" {
			if len(cur) > 0 {
				cmds = append(cmds, cur)
			}
			cur = nil
			continue
		}
		cur = append(cur, a)
	}
	if len(cur) > 0 {
		cmds = append(cmds, cur)
	}
	return cmds
}

// run runs argv once and returns its wall time and the CPU time of the child.
func run(argv []string) (time.Duration, time.Duration, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdout = io.Discard
	cmd.Stderr = io.Discard
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return 0, 0, err
	}
	wall := time.Since(start)
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return wall, 0, nil
	}
	return wall, time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), nil
}

// stats formats the median, quartiles and minimum of ds in milliseconds.
func stats(ds []time.Duration) string {
	s := slices.Clone(ds)
	slices.Sort(s)
	ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
	q := func(f float64) time.Duration { return s[int(f*float64(len(s)-1)+0.5)] }
	return fmt.Sprintf("%6.2f (%5.2f-%5.2f) [%5.2f]", ms(q(0.5)), ms(q(0.25)), ms(q(0.75)), ms(s[0]))
}
