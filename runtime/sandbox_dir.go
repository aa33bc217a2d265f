package runtime

import (
	"io/fs"
	"os"
	"path/filepath"
)

// rootFor returns the root of the directory holding path (absolute, or
// relative to the first directory) and path relative to it, following
// symlinks that stay inside the sandbox; a path outside it fails with a
// *fs.PathError for op.
func (sb *Sandbox) rootFor(path, op string) (*os.Root, string, error) {
	if !filepath.IsAbs(path) && len(sb.dirs) > 0 {
		path = filepath.Join(sb.dirs[0].path, path)
	}
	d, rel, ok := sb.resolve(path, false, false)
	if !ok {
		return nil, "", &fs.PathError{Op: op, Path: path, Err: errOutside}
	}
	root, err := d.open()
	return root, rel, err
}

// Stat returns information about the file at path through the sandbox, as
// ReadFile would reach it.
func (sb *Sandbox) Stat(path string) (fs.FileInfo, error) {
	root, rel, err := sb.rootFor(path, "stat")
	if err != nil {
		return nil, err
	}
	return root.Stat(rel)
}

// ReadDir lists the directory at path through the sandbox (nil when it is
// outside it, missing or not a directory). Opening does not block on a FIFO.
func (sb *Sandbox) ReadDir(path string) []fs.DirEntry {
	root, rel, err := sb.rootFor(path, "open")
	if err != nil {
		return nil
	}
	return readDirOps(root, rel)
}

// HostReadDir lists a host directory (unrestricted images), as ReadDir does.
func HostReadDir(path string) []fs.DirEntry { return readDirOps(hostOps{}, path) }

// HostReadFile reads the regular file at path on the host (unrestricted
// images), at most max bytes, failing as Sandbox.ReadFile does.
func HostReadFile(path string, max int64) ([]byte, error) {
	return readRegular(hostOps{}, path, max)
}
