package asdf

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/golem-lisp/golem/eval"
	rt "github.com/golem-lisp/golem/runtime"
)

// The Go primitives the Lisp code of ASDF calls (GOLEM::%ASDF-...): finding
// .asd files, the dates of files, and reading and loading them through the
// image's system sandbox.

// Bounds of a deep search (Quicklisp's local-projects and releases).
const (
	maxSearchDepth   = 5
	maxSearchEntries = 20000
)

// skipDir reports whether a deep search skips the directory called name.
func skipDir(name string) bool {
	return strings.HasPrefix(name, ".") || name == "_darcs" || name == "node_modules" || name == "_build"
}

// pathArg returns a native path for a Lisp string or pathname.
func pathArg(th *rt.Thread, v rt.Value) string {
	if s, ok := v.(*rt.String); ok {
		return s.String()
	}
	return string(th.StringDesignator(th.Call(th.Img.CLSym("NAMESTRING"), v)))
}

// fileOps reads files and directories as the image may: through the system
// sandbox when sandboxed, on the host otherwise.
type fileOps struct {
	th *rt.Thread
	st *state
}

func ops(th *rt.Thread) fileOps { return fileOps{th, stateOf(th.Img)} }

func (o fileOps) sandboxed() bool { return o.th.Img.Sandbox }

func (o fileOps) stat(path string) (fs.FileInfo, error) {
	if o.sandboxed() {
		return o.st.sandbox(o.th.Img).Stat(path)
	}
	return os.Stat(path)
}

func (o fileOps) readDir(path string) []fs.DirEntry {
	if o.sandboxed() {
		return o.st.sandbox(o.th.Img).ReadDir(path)
	}
	return rt.HostReadDir(path)
}

// Lisp code can call the primitives with any path, so in a sandboxed image
// the loader reads only the kinds of file systems are made of: Lisp source
// and data files to load or read, and a system's documentation files (read
// into its long description). Other files of the system directories (an
// .env, a key) stay closed to it, as to OPEN.
var (
	loadTypes = map[string]bool{".lisp": true, ".lsp": true, ".cl": true, ".l": true, ".asd": true}
	dataTypes = map[string]bool{".lisp-expr": true, ".sexp": true, ".sexpr": true}
	docNames  = []string{"readme", "license", "licence", "copying", "changelog", "version", "news"}
)

// readable reports whether a sandboxed image's loader may read path, to
// evaluate it (load) or for its text.
func readable(path string, load bool) bool {
	ext := strings.ToLower(filepath.Ext(path))
	if loadTypes[ext] {
		return true
	}
	if load {
		return false
	}
	if dataTypes[ext] {
		return true
	}
	base := strings.ToLower(filepath.Base(path))
	for _, d := range docNames {
		if strings.HasPrefix(base, d) {
			return true
		}
	}
	return false
}

// read reads path; components of a system (asd non-empty) are read only
// beneath the innermost sandbox directory holding asd. Failures signal a
// FILE-ERROR naming the file, never showing its content. In a sandboxed
// image only the files readable allows are read.
func (o fileOps) read(path, asd string, load bool) []byte {
	max := o.st.maxBytes()
	if !o.sandboxed() {
		data, err := rt.HostReadFile(path, max)
		if err != nil {
			o.th.SandboxReadError(rt.NewSandbox(nil, nil), path, max, err)
		}
		return data
	}
	sb := o.st.sandbox(o.th.Img)
	if asd != "" {
		if n := sb.Narrow(asd); n != nil {
			sb = n
		} else {
			sb = rt.NewSandbox(nil, nil)
		}
	}
	data, err := sb.ReadFile(path, max)
	if err != nil {
		o.th.SandboxReadError(sb, path, max, err)
	}
	if !readable(path, load) {
		what := "Lisp source files (.lisp, .lsp, .cl, .asd)"
		if !load {
			what = "Lisp source and data files and a system's README, LICENSE or VERSION files"
		}
		p := rt.ParseNativePath(o.th.Img, path, false)
		o.th.Error(o.th.MakeCondition("GOLEM:SIMPLE-FILE-ERROR", o.th.Img.Kw("PATHNAME"), p,
			o.th.Img.Kw("FORMAT-CONTROL"), rt.NewString("cannot read ~S: the system loader of a sandboxed session reads only ~A."),
			o.th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(p, rt.NewString(what))))
	}
	return data
}

// isDir reports whether dir can be listed as a directory.
func (o fileOps) isDir(dir string) bool {
	fi, err := o.stat(dir)
	return err == nil && fi.IsDir()
}

// present reports whether something is at path that a read should be
// tried on: a file that is not a directory, or a name the sandbox refuses
// (a symlink leading out), whose read then signals the right FILE-ERROR.
func (o fileOps) present(path string) bool {
	fi, err := o.stat(path)
	if err != nil {
		return !rt.NotFound(err)
	}
	return !fi.IsDir()
}

// walk calls fn on each .asd file in dir (shallow: dir/NAME.asd for the
// names fn wants, see search) or in the tree beneath it (deep: breadth
// first, sorted, within maxSearchDepth and maxSearchEntries), until fn
// returns false.
func (o fileOps) walk(dir string, fn func(path string) bool) {
	if !o.isDir(dir) {
		return
	}
	level := []string{dir}
	seen := 0
	for depth := 0; depth <= maxSearchDepth && len(level) > 0; depth++ {
		var next []string
		for _, d := range level {
			es := o.readDir(d)
			sort.Slice(es, func(i, j int) bool { return es[i].Name() < es[j].Name() })
			for _, e := range es {
				if seen++; seen > maxSearchEntries {
					return
				}
				p := filepath.Join(d, e.Name())
				if e.IsDir() {
					if !skipDir(e.Name()) {
						next = append(next, p)
					}
				} else if strings.HasSuffix(e.Name(), ".asd") && !fn(p) {
					return
				}
			}
		}
		level = next
	}
}

// search looks for NAME.asd in dir and dir/NAME/, or (deep) anywhere
// beneath dir.
func (o fileOps) search(name, dir string, deep bool) string {
	file := name + ".asd"
	if !deep {
		if !o.isDir(dir) {
			return ""
		}
		for _, p := range []string{filepath.Join(dir, file), filepath.Join(dir, name, file)} {
			if o.present(p) {
				return p
			}
		}
		return ""
	}
	found := ""
	o.walk(dir, func(p string) bool {
		if filepath.Base(p) == file && o.present(p) {
			found = p
			return false
		}
		return true
	})
	return found
}

// defaultDirs are the directories searched when the image was not
// configured: the working directory and ~/common-lisp/ for the user's own
// Lisp; the allowed directories for a sandboxed one.
func (o fileOps) defaultDirs() []string {
	if o.st.configured {
		return o.st.cfg.Dirs
	}
	if o.sandboxed() {
		return append(append([]string(nil), o.th.Img.Files.ReadDirs...), o.th.Img.Files.WriteDirs...)
	}
	var out []string
	if wd, err := os.Getwd(); err == nil {
		out = append(out, wd)
	}
	if h, err := os.UserHomeDir(); err == nil {
		out = append(out, filepath.Join(h, "common-lisp"))
	}
	return out
}

func stringList(ss []string) rt.Value {
	vals := make([]rt.Value, len(ss))
	for i, s := range ss {
		vals[i] = rt.NewString(s)
	}
	return rt.List(vals...)
}

func optString(th *rt.Thread, v rt.Value) string {
	if v == nil || v == rt.NIL {
		return ""
	}
	return pathArg(th, v)
}

func primitives() []rt.Def {
	return []rt.Def{
		{Name: "GOLEM:%ASDF-ENSURE-LOADED", Min: 0, Max: 0, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			ensureLoaded(th)
			return rt.T
		}},
		// The module provider of REQUIRE: "asdf" and "uiop" are there
		// already; another name loads the system of that name.
		{Name: "GOLEM:%ASDF-MODULE-PROVIDER", Min: 1, Max: 1, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			name := strings.ToLower(string(th.StringDesignator(args[0])))
			if name == "asdf" || name == "uiop" {
				provide := th.Img.CLSym("PROVIDE")
				for _, m := range []string{"uiop", "UIOP", "asdf", "ASDF"} {
					th.Call(provide, rt.NewString(m))
				}
				return rt.T
			}
			return th.Call(th.Img.Intern("ASDF", "MODULE-PROVIDE-ASDF"), args[0])
		}},
		// (%asdf-search name dirs deep) => the first NAME.asd found, or NIL.
		{Name: "GOLEM:%ASDF-SEARCH", Min: 3, Max: 3, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			name := string(th.StringDesignator(args[0]))
			o := ops(th)
			for i, d := range rt.ListToSlice(args[1]) {
				if i%64 == 0 {
					th.CheckInterrupt()
				}
				if p := o.search(name, pathArg(th, d), args[2] != rt.NIL); p != "" {
					return rt.NewString(p)
				}
			}
			return rt.NIL
		}},
		// (%asdf-search-all dirs deep) => every .asd file in dirs.
		{Name: "GOLEM:%ASDF-SEARCH-ALL", Min: 2, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			o := ops(th)
			var found []string
			for _, d := range rt.ListToSlice(args[0]) {
				dir := pathArg(th, d)
				if args[1] == rt.NIL {
					es := o.readDir(dir)
					for _, e := range es {
						if !e.IsDir() && strings.HasSuffix(e.Name(), ".asd") {
							found = append(found, filepath.Join(dir, e.Name()))
						}
					}
					continue
				}
				o.walk(dir, func(p string) bool {
					th.Poll()
					found = append(found, p)
					return true
				})
			}
			return stringList(found)
		}},
		// (%asdf-config key): :dirs, :software (Quicklisp releases), :fetch (a fetcher is set).
		{Name: "GOLEM:%ASDF-CONFIG", Min: 1, Max: 1, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			o := ops(th)
			switch k, _ := args[0].(*rt.Symbol); {
			case k != nil && k.Name == "DIRS":
				return stringList(o.defaultDirs())
			case k != nil && k.Name == "SOFTWARE":
				_, software := o.st.quicklispDirs()
				return stringList(software)
			case k != nil && k.Name == "FETCH":
				return rt.Bool(o.st.cfg.Fetch != nil)
			}
			return rt.NIL
		}},
		// (%asdf-fetch name) => the directory the fetcher put the system's release in.
		{Name: "GOLEM:%ASDF-FETCH", Min: 1, Max: 1, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			st := stateOf(th.Img)
			if st.cfg.Fetch == nil {
				return rt.NIL
			}
			dir, err := st.cfg.Fetch(th.Ctx, string(th.StringDesignator(args[0])))
			if err != nil {
				th.SimpleError("cannot fetch system ~S: ~A", args[0], rt.NewString(err.Error()))
			}
			if dir == "" {
				return rt.NIL
			}
			// The fetcher is the embedder's code: the loader may read what
			// it unpacked.
			if abs, err := filepath.Abs(dir); err == nil {
				dir = abs
			}
			st.cfg.Roots = append(append([]string(nil), st.rootDirs(th.Img)...), dir)
			if st.sb != nil {
				_ = st.sb.Close()
				st.sb = nil
			}
			return rt.NewString(dir)
		}},
		// (%asdf-file-date path) => the file's modification time in
		// nanoseconds, or NIL when it cannot be seen.
		{Name: "GOLEM:%ASDF-FILE-DATE", Min: 1, Max: 1, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			fi, err := ops(th).stat(pathArg(th, args[0]))
			if err != nil {
				return rt.NIL
			}
			return rt.MakeInt(fi.ModTime().UnixNano())
		}},
		// (%asdf-read-file path asd) => the file's text.
		{Name: "GOLEM:%ASDF-READ-FILE", Min: 1, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			asd := ""
			if len(args) > 1 {
				asd = optString(th, args[1])
			}
			return rt.NewString(string(ops(th).read(pathArg(th, args[0]), asd, false)))
		}},
		// (%asdf-load path asd package) evaluates the file as LOAD does, with
		// *package* bound to package (for .asd files, ASDF-USER).
		{Name: "GOLEM:%ASDF-LOAD", Min: 3, Max: 3, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			path := pathArg(th, args[0])
			data := ops(th).read(path, optString(th, args[1]), true)
			depth := th.SpecialDepth()
			if p, ok := args[2].(*rt.Package); ok {
				th.BindSpecial(th.Img.S.Package, p)
			}
			rs := []rune(string(data))
			in := rt.NewStringInput(rs, 0, len(rs))
			in.Name = path // reader errors and definitions name the file
			eval.LoadStream(th, in, rt.ParseNativePath(th.Img, path, false))
			th.UnbindTo(depth)
			return rt.T
		}},
		// (%asdf-getenv name): the environment of the user's own Lisp only.
		{Name: "GOLEM:%ASDF-GETENV", Min: 1, Max: 1, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			if th.Img.Sandbox {
				return rt.NIL
			}
			v, ok := os.LookupEnv(string(th.StringDesignator(args[0])))
			if !ok {
				return rt.NIL
			}
			return rt.NewString(v)
		}},
	}
}
