package qldist

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strings"
)

// unpackLimits bound what one archive may unpack into.
type unpackLimits struct {
	files int   // entries
	bytes int64 // bytes of regular files together
}

// unpack extracts the gzipped tar archive r into the directory dest.
// Every entry must lie under prefix/; only regular files and directories
// are accepted. Files are written through an os.Root, so nothing lands
// outside dest whatever the archive holds.
func unpack(ctx context.Context, r io.Reader, dest, prefix string, lim unpackLimits) error {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return fmt.Errorf("not a gzip archive: %w", err)
	}
	defer zr.Close()
	root, err := os.OpenRoot(dest)
	if err != nil {
		return err
	}
	defer root.Close()
	tr := tar.NewReader(zr)
	files := 0
	left := lim.bytes
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading the archive: %w", err)
		}
		if hdr.Typeflag == tar.TypeXGlobalHeader { // git archive's pax_global_header
			continue
		}
		name, err := entryPath(hdr.Name, prefix)
		if err != nil {
			return err
		}
		files++
		if files > lim.files {
			return fmt.Errorf("more than %d entries", lim.files)
		}
		switch hdr.Typeflag {
		case tar.TypeDir:
			if err := root.MkdirAll(name, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if hdr.Size > left {
				return fmt.Errorf("entry %q: unpacked files larger than the limit of %d bytes", hdr.Name, lim.bytes)
			}
			n, err := writeFile(ctx, root, name, tr, left)
			left -= n
			if err != nil {
				return fmt.Errorf("entry %q: %w", hdr.Name, err)
			}
		default:
			return fmt.Errorf("entry %q is a %s, not a regular file or directory", hdr.Name, typeName(hdr.Typeflag))
		}
	}
}

// writeFile copies at most max bytes of r into the file name of root.
func writeFile(ctx context.Context, root *os.Root, name string, r io.Reader, max int64) (int64, error) {
	if dir := path.Dir(name); dir != "." {
		if err := root.MkdirAll(dir, 0o755); err != nil {
			return 0, err
		}
	}
	f, err := root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(f, &ctxReader{ctx: ctx, r: io.LimitReader(r, max+1)})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && n > max {
		err = fmt.Errorf("unpacked files larger than the limit")
	}
	return n, err
}

// entryPath checks an archive entry's name and returns it cleaned: it
// must be relative, have no ".." element and lie under prefix.
func entryPath(name, prefix string) (string, error) {
	switch {
	case name == "":
		return "", errors.New("archive entry with an empty name")
	case strings.ContainsAny(name, "\\\x00"):
		return "", fmt.Errorf("entry %q: backslash or NUL in its name", name)
	case strings.HasPrefix(name, "/"):
		return "", fmt.Errorf("entry %q: absolute path", name)
	}
	for elem := range strings.SplitSeq(name, "/") {
		if elem == ".." {
			return "", fmt.Errorf("entry %q: path with ..", name)
		}
	}
	clean := path.Clean(name)
	if clean != prefix && !strings.HasPrefix(clean, prefix+"/") {
		return "", fmt.Errorf("entry %q: outside the release directory %s/", name, prefix)
	}
	return clean, nil
}

func typeName(t byte) string {
	switch t {
	case tar.TypeSymlink:
		return "symbolic link"
	case tar.TypeLink:
		return "hard link"
	case tar.TypeChar:
		return "character device"
	case tar.TypeBlock:
		return "block device"
	case tar.TypeFifo:
		return "FIFO"
	}
	return fmt.Sprintf("entry of type %q", t)
}

// ctxReader stops reading once its context ends.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
