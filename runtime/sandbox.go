package runtime

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
)

// The sandbox: every file operation of a sandboxed image (and of the MCP
// load-system tool) goes through an os.Root opened on one of the allowed
// directories, with the name made relative to it. os.Root resolves each
// component beneath the root itself, so ".." and symlinks cannot leave the
// directory, and there is no window between a check and the open for a
// rename to slip a symlink into.

// MaxLoadBytes bounds the size of one file LOAD or the MCP load-system tool
// reads (see LoadSizeLimit).
const MaxLoadBytes = 64 << 20

// LoadSizeLimit is the largest file LOAD reads under the memory limit
// maxMemory (0: none): MaxLoadBytes or maxMemory, whichever is smaller.
func LoadSizeLimit(maxMemory int64) int64 {
	if maxMemory > 0 && maxMemory < MaxLoadBytes {
		return maxMemory
	}
	return MaxLoadBytes
}

// Sandbox is a set of host directories, each opened as an os.Root the first
// time it is used, through which file operations are made. A Sandbox is safe
// for concurrent use; Close releases its directory handles.
type Sandbox struct {
	dirs []*sandboxDir
}

type sandboxDir struct {
	path  string // absolute and cleaned, as configured
	real  string // path with symlinks resolved when the root was opened
	write bool

	mu   sync.Mutex
	root *os.Root // nil until opened
}

// NewSandbox returns a sandbox over readDirs (read only) and writeDirs (read
// and write). The directories are opened on first use, so one created later
// still works.
func NewSandbox(readDirs, writeDirs []string) *Sandbox {
	sb := &Sandbox{}
	add := func(dirs []string, write bool) {
		for _, d := range dirs {
			if d == "" {
				continue
			}
			sb.dirs = append(sb.dirs, &sandboxDir{path: absDir(d), write: write})
		}
	}
	add(readDirs, false)
	add(writeDirs, true)
	return sb
}

// Close closes the directory handles the sandbox opened.
func (sb *Sandbox) Close() error {
	for _, d := range sb.dirs {
		d.mu.Lock()
		if d.root != nil {
			_ = d.root.Close()
			d.root = nil
		}
		d.mu.Unlock()
	}
	return nil
}

// Narrow returns a sandbox holding only the innermost of sb's directories
// that contains path (sharing its handle), or nil when none does. The MCP
// load-system tool reads a system's components through the directory its
// .asd file was found in.
func (sb *Sandbox) Narrow(path string) *Sandbox {
	abs := absDir(path)
	var best *sandboxDir
	for _, d := range sb.dirs {
		_, _ = d.open()
		if _, ok := d.contains(abs); ok && (best == nil || len(d.path) > len(best.path)) {
			best = d
		}
	}
	if best == nil {
		return nil
	}
	return &Sandbox{dirs: []*sandboxDir{best}}
}

// Dirs returns the sandbox's directories, read-only ones first.
func (sb *Sandbox) Dirs() []string {
	out := make([]string, len(sb.dirs))
	for i, d := range sb.dirs {
		out[i] = d.path
	}
	return out
}

// allowed returns the directories an access may use: all of them for reads,
// the write directories for writes.
func (sb *Sandbox) allowed(write bool) []*sandboxDir {
	if !write {
		return sb.dirs
	}
	var out []*sandboxDir
	for _, d := range sb.dirs {
		if d.write {
			out = append(out, d)
		}
	}
	return out
}

// contains returns abs (absolute and cleaned) relative to d, and whether it
// lies inside d, as configured or with d's symlinks resolved.
func (d *sandboxDir) contains(abs string) (string, bool) {
	if r, ok := relInside(d.path, abs); ok {
		return r, true
	}
	d.mu.Lock()
	real := d.real
	d.mu.Unlock()
	if real != "" && real != d.path {
		return relInside(real, abs)
	}
	return "", false
}

func relInside(dir, abs string) (string, bool) {
	if !within(abs, dir) {
		return "", false
	}
	r, err := filepath.Rel(dir, abs)
	if err != nil {
		return "", false
	}
	return r, true
}

// open returns the directory's os.Root, opening it on first use.
func (d *sandboxDir) open() (*os.Root, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.root != nil {
		return d.root, nil
	}
	r, err := os.OpenRoot(d.path)
	if err != nil {
		return nil, err
	}
	d.root = r
	if real, err := filepath.EvalSymlinks(d.path); err == nil {
		d.real = real
	}
	return r, nil
}

// locate finds the outermost allowed directory containing abs (an absolute
// path, cleaned here) and returns it with abs made relative to it.
func (sb *Sandbox) locate(abs string, write bool) (*sandboxDir, string, bool) {
	abs = filepath.Clean(abs)
	var best *sandboxDir
	var bestRel string
	for _, d := range sb.allowed(write) {
		// Open first so that the resolved form of the directory is known.
		_, _ = d.open()
		if r, ok := d.contains(abs); ok && (best == nil || len(d.path) < len(best.path)) {
			best, bestRel = d, r
		}
	}
	return best, bestRel, best != nil
}

// maxLinkHops bounds the symlinks resolve follows by hand (the kernel's ELOOP limit).
const maxLinkHops = 40

// resolve is locate for a path whose symlinks may be absolute or lead into
// another allowed directory, which os.Root refuses to follow: it replaces
// the first symlink on the path by its target and locates the result again,
// until os.Root accepts the path or it lies outside every allowed directory.
// With noFollow the last component is not followed (DELETE-FILE, RENAME-FILE
// act on a link itself). This is only a way to find the right root: the
// operation itself still goes through that root, so a link changed meanwhile
// can make it fail, never leave the sandbox.
func (sb *Sandbox) resolve(abs string, write, noFollow bool) (*sandboxDir, string, bool) {
	for hops := 0; ; hops++ {
		d, rel, ok := sb.locate(abs, write)
		if !ok && write {
			// A path in a read-only directory may lead into a writable
			// one through a link.
			if d, rel, ok = sb.locate(abs, false); !ok || hops >= maxLinkHops {
				return nil, "", false
			}
			root, err := d.open()
			if err != nil {
				return nil, "", false
			}
			if abs, ok = substituteLink(root, d.path, rel, noFollow); !ok {
				return nil, "", false
			}
			continue
		}
		if !ok {
			return nil, "", false
		}
		root, err := d.open()
		if err != nil || hops >= maxLinkHops {
			return d, rel, true
		}
		if noFollow {
			_, err = root.Lstat(rel)
		} else {
			_, err = root.Stat(rel)
		}
		if err == nil || !isEscape(err) {
			return d, rel, true
		}
		next, ok := substituteLink(root, d.path, rel, noFollow)
		if !ok {
			return d, rel, true
		}
		abs = next
	}
}

// substituteLink finds the first symlink on rel (beneath root, whose host
// path is base) and returns the absolute path with it replaced by its target.
func substituteLink(root *os.Root, base, rel string, noFollow bool) (string, bool) {
	parts := strings.Split(rel, string(filepath.Separator))
	n := len(parts)
	if noFollow {
		n--
	}
	prefix := ""
	for i := 0; i < n; i++ {
		prefix = filepath.Join(prefix, parts[i])
		fi, err := root.Lstat(prefix)
		if err != nil {
			return "", false
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			continue
		}
		target, err := root.Readlink(prefix)
		if err != nil {
			return "", false
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(base, filepath.Dir(prefix), target)
		}
		return filepath.Join(append([]string{target}, parts[i+1:]...)...), true
	}
	return "", false
}

// errOutside marks an access the sandbox refuses: a path outside every
// allowed directory, or one a symlink or ".." leads out of.
var errOutside = errors.New("outside the sandbox")

// isEscape reports whether err is the sandbox's refusal of a path outside
// it, or os.Root's refusal of a path that leaves the root.
func isEscape(err error) bool {
	for e := err; e != nil; e = errors.Unwrap(e) {
		if e == errOutside || e.Error() == "path escapes from parent" {
			return true
		}
	}
	return false
}

// errNotRegular is the error of reading something that is not a regular file.
var errNotRegular = errors.New("not a regular file")

// errTooLarge is the error of loading a file over the size limit.
var errTooLarge = errors.New("file too large")

// --- the operations, on the host or beneath a root ---

// fileOps are the file operations a location uses: the host's (names are
// absolute paths) or an os.Root's (names are relative to the root).
type fileOps interface {
	OpenFile(name string, flag int, perm os.FileMode) (*os.File, error)
	Stat(name string) (fs.FileInfo, error)
	Lstat(name string) (fs.FileInfo, error)
	Remove(name string) error
	Rename(oldname, newname string) error
	MkdirAll(name string, perm os.FileMode) error
}

// hostOps are the unrestricted host file operations.
type hostOps struct{}

func (hostOps) OpenFile(name string, flag int, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(name, flag, perm)
}
func (hostOps) Stat(name string) (fs.FileInfo, error)        { return os.Stat(name) }
func (hostOps) Lstat(name string) (fs.FileInfo, error)       { return os.Lstat(name) }
func (hostOps) Remove(name string) error                     { return os.Remove(name) }
func (hostOps) Rename(oldname, newname string) error         { return os.Rename(oldname, newname) }
func (hostOps) MkdirAll(name string, perm os.FileMode) error { return os.MkdirAll(name, perm) }

// readDirOps lists a directory through ops.
func readDirOps(ops fileOps, name string) []fs.DirEntry {
	f, err := ops.OpenFile(name, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil
	}
	defer f.Close()
	es, _ := f.ReadDir(-1)
	return es
}

// openRead opens name for reading through ops and returns it with its
// information. With regularOnly (every sandboxed read) anything but a regular
// file is refused with errNotRegular, and the open does not block on a FIFO.
// A directory is refused with EISDIR.
func openRead(ops fileOps, name string, flag int, regularOnly bool) (*os.File, fs.FileInfo, error) {
	if regularOnly {
		flag |= openNonblock
	}
	f, err := ops.OpenFile(name, flag, 0)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	switch {
	case err != nil:
	case fi.IsDir():
		err = syscall.EISDIR
	case regularOnly && !fi.Mode().IsRegular():
		err = errNotRegular
	}
	if err != nil {
		_ = f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// readCapped reads all of r, failing with errTooLarge past max bytes.
func readCapped(r io.Reader, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, errTooLarge
	}
	return data, nil
}

// ReadFile reads the regular file at path (absolute, or relative to the
// first directory) through the sandbox, refusing paths outside it, symlinks
// that lead out, files that are not regular and files over max bytes.
func (sb *Sandbox) ReadFile(path string, max int64) ([]byte, error) {
	root, rel, err := sb.rootFor(path, "open")
	if err != nil {
		return nil, err
	}
	return readRegular(root, rel, max)
}

// readRegular reads the regular file name through ops, refusing one over
// max bytes before reading and stopping at max while reading.
func readRegular(ops fileOps, name string, max int64) ([]byte, error) {
	f, fi, err := openRead(ops, name, os.O_RDONLY, true)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi.Size() > max {
		return nil, errTooLarge
	}
	return readCapped(f, max)
}

// NotFound reports whether err, from Sandbox.ReadFile, means that no file
// is there (nothing of the path, or a component that is not a directory).
func NotFound(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// SandboxReadError signals the FILE-ERROR for err, a failure of
// sb.ReadFile(path, max). Its report names the file, never its content.
func (th *Thread) SandboxReadError(sb *Sandbox, path string, max int64, err error) {
	p := ParseNativePath(th.Img, path, false)
	switch {
	case isEscape(err):
		th.fileError(p, "~S is outside the directories files may be loaded from here (~A): cannot load it.",
			p, NewString(strings.Join(sb.Dirs(), ", ")))
	case errors.Is(err, errTooLarge):
		th.fileError(p, "cannot load ~S: it is larger than ~D bytes.", p, MakeInt(max))
	}
	th.fileError(p, "cannot load ~S: ~A", p, NewString(osErrText(err)))
}

// sandboxKey keys an image's Sandbox in Image.Extra.
type sandboxKey struct{}

// sandbox returns the image's sandbox over Files.ReadDirs and
// Files.WriteDirs, opened on first use.
func (th *Thread) sandbox() *Sandbox {
	if sb, ok := th.Img.Extra[sandboxKey{}].(*Sandbox); ok {
		return sb
	}
	sb := NewSandbox(th.Img.Files.ReadDirs, th.Img.Files.WriteDirs)
	th.Img.Extra[sandboxKey{}] = sb
	return sb
}

// --- the file policy of an image ---

// fileLoc is where a file operation goes once the policy has allowed it: a
// host path reached through ops (the host itself, or the os.Root of the
// sandbox directory holding it), or a name inside the embedder's read-only
// fs.FS.
type fileLoc struct {
	host string      // absolute host path, for messages and truenames ("" when fsys is set)
	ops  fileOps     // the operations reaching host
	rel  string      // the name of host for ops: host itself, or relative to the root
	dir  *sandboxDir // the sandbox directory holding host (nil when unrestricted)

	write bool   // the access was allowed for writing
	verb  string // the operation, for refusals

	fsys fs.FS
	name string // slash-separated path inside fsys
}

// sandboxed reports whether loc is reached through a sandbox directory.
func (loc fileLoc) sandboxed() bool { return loc.dir != nil }

// stat returns information about a resolved location.
func (loc fileLoc) stat() (fs.FileInfo, error) {
	if loc.fsys != nil {
		return fs.Stat(loc.fsys, loc.name)
	}
	return loc.ops.Stat(loc.rel)
}

// brokenOps stand for a sandbox directory that could not be opened: every
// operation fails with the error of opening it.
type brokenOps struct{ err error }

func (b brokenOps) OpenFile(string, int, os.FileMode) (*os.File, error) { return nil, b.err }
func (b brokenOps) Stat(string) (fs.FileInfo, error)                    { return nil, b.err }
func (b brokenOps) Lstat(string) (fs.FileInfo, error)                   { return nil, b.err }
func (b brokenOps) Remove(string) error                                 { return b.err }
func (b brokenOps) Rename(string, string) error                         { return b.err }
func (b brokenOps) MkdirAll(string, os.FileMode) error                  { return b.err }

// loc returns the location of the absolute path abs in the outermost
// allowed directory holding it (see resolve).
func (sb *Sandbox) loc(abs string, write, noFollow bool, verb string) (fileLoc, bool) {
	d, rel, ok := sb.resolve(abs, write, noFollow)
	if !ok {
		return fileLoc{}, false
	}
	loc := fileLoc{host: filepath.Join(d.path, rel), rel: rel, dir: d, write: write, verb: verb}
	if root, err := d.open(); err != nil {
		loc.ops = brokenOps{err}
	} else {
		loc.ops = root
	}
	return loc, true
}

const sandboxHint = "The operator can open directories with golem mcp --allow-read DIR / --allow-write DIR " +
	"(Options.AllowRead / Options.AllowWrite when embedding golem)."

// ResolveFile applies the image's file policy to p (already merged with
// *default-pathname-defaults*) for an operation named verb ("open", "load",
// "delete", ...). Unrestricted images may touch any host file. Sandboxed
// images may read inside Files.ReadDirs and Files.WriteDirs and write inside
// Files.WriteDirs only; relative paths resolve against the first allowed
// directory, and reads of relative paths fall back to Files.FS when no
// directory has the file. Refusals signal FILE-ERROR. It returns the host
// path, or the fs.FS and the name inside it. The host path is only checked
// lexically: the operations themselves go through an os.Root, which refuses
// symlinks that lead out of the directory.
func (th *Thread) ResolveFile(p *Pathname, write bool, verb string) (host string, fsys fs.FS, name string) {
	loc := th.resolveAccess(p, write, verb)
	return loc.host, loc.fsys, loc.name
}

func (th *Thread) resolveAccess(p *Pathname, write bool, verb string) fileLoc {
	return th.resolveAccessMode(p, write, false, verb)
}

// resolveAccessMode is resolveAccess; with noFollow a symlink in the last
// component is not followed (DELETE-FILE and RENAME-FILE act on the link).
func (th *Thread) resolveAccessMode(p *Pathname, write, noFollow bool, verb string) fileLoc {
	native := th.nativePath(p, verb)
	if !th.Img.Sandbox {
		abs, err := filepath.Abs(native)
		if err != nil {
			abs = native
		}
		return fileLoc{host: abs, ops: hostOps{}, rel: abs, write: write, verb: verb}
	}
	fa := th.Img.Files
	sb := th.sandbox()
	dirs := sb.allowed(write)
	rel := !filepath.IsAbs(native)
	if len(dirs) == 0 {
		if !write && rel && fa.FS != nil {
			if name, ok := fsName(native); ok {
				return fileLoc{fsys: fa.FS, name: name}
			}
		}
		what := "File access is disabled in this session"
		if write && (len(fa.ReadDirs) > 0 || fa.FS != nil) {
			what = "Writing files is disabled in this session"
		}
		th.fileError(p, what+": cannot ~A ~S. "+sandboxHint, NewString(verb), p)
	}
	cand := filepath.Clean(native)
	if rel {
		// A relative name is read from the first allowed directory that
		// has it, and written to (or reported missing in) the first one.
		cand = filepath.Join(dirs[0].path, native)
		if !write {
			for _, d := range dirs {
				c := filepath.Join(d.path, native)
				if loc, ok := sb.loc(c, false, false, verb); ok {
					if _, err := loc.stat(); err == nil {
						cand = c
						break
					}
				}
			}
		}
	}
	loc, inside := sb.loc(cand, write, noFollow, verb)
	if rel && !write && fa.FS != nil {
		if _, err := loc.stat(); !inside || err != nil {
			if name, ok := fsName(native); ok {
				if _, err := fs.Stat(fa.FS, name); err == nil {
					return fileLoc{fsys: fa.FS, name: name}
				}
			}
		}
	}
	if !inside {
		th.outsideError(p, write, verb)
	}
	return loc
}

// outsideError signals the FILE-ERROR of an access the sandbox refuses.
func (th *Thread) outsideError(p *Pathname, write bool, verb string) {
	mode := "read"
	if write {
		mode = "write"
	}
	var dirs []string
	for _, d := range th.sandbox().allowed(write) {
		dirs = append(dirs, d.path)
	}
	th.fileError(p, "~S is outside the directories this session may ~A (~A): cannot ~A it. "+sandboxHint,
		p, NewString(mode), NewString(strings.Join(dirs, ", ")), NewString(verb))
}

// refuseEscape signals the sandbox's FILE-ERROR when err is a refusal of a
// path that leaves loc's directory (through a symlink or ".."); otherwise it
// returns and the caller reports err.
func (th *Thread) refuseEscape(p *Pathname, loc fileLoc, err error) {
	if err != nil && loc.sandboxed() && isEscape(err) {
		th.outsideError(p, loc.write, loc.verb)
	}
}

// fsName converts a relative host path to an fs.FS name, refusing names
// that climb out of the file system's root.
func fsName(native string) (string, bool) {
	n := path.Clean(filepath.ToSlash(native))
	if n == "" {
		n = "."
	}
	return n, fs.ValidPath(n)
}

func absDir(d string) string {
	if a, err := filepath.Abs(d); err == nil {
		return a
	}
	return filepath.Clean(d)
}

// within reports whether p is dir or inside it (both cleaned and absolute).
func within(p, dir string) bool {
	r, err := filepath.Rel(dir, p)
	if err != nil {
		return false
	}
	return r == "." || (r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)))
}

// truenameOf returns the pathname of an existing location: the host path
// with symlinks resolved (directories in directory form), or the FS name. In
// a sandbox the resolved name is used only when it lies in the allowed
// directories, so a truename never names a place outside them.
func (th *Thread) truenameOf(loc fileLoc, isDir bool) *Pathname {
	if loc.fsys != nil {
		return ParseNativePath(th.Img, loc.name, isDir)
	}
	real := loc.host
	if r, err := filepath.EvalSymlinks(real); err == nil {
		if loc.dir == nil {
			real = r
		} else if _, _, ok := th.sandbox().locate(r, false); ok {
			real = r
		}
	}
	return ParseNativePath(th.Img, real, isDir)
}
