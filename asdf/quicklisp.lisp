;;;; QUICKLISP-CLIENT for golem: QUICKLOAD goes through ASDF's one loader;
;;;; systems come from the search directories, Quicklisp's local-projects/
;;;; and the unpacked releases of an existing installation (and, when the
;;;; embedder set a fetcher, a dist). The package and its exported symbols
;;;; are made in Go (asdf/exports.go).

(in-package :quicklisp-client)

(defun quickload (systems &key verbose silent prompt explain &allow-other-keys)
  "Load SYSTEMS (a system designator or a list of them) as ASDF:LOAD-SYSTEM
does, and return them."
  (declare (ignore verbose prompt explain))
  (unless (listp systems) (setf systems (list systems)))
  (dolist (s systems)
    (let ((name (asdf:coerce-name s)))
      (unless silent
        (format t "~&To load ~S:~%  Load 1 ASDF system:~%    ~A~%; Loading ~S~%" name name name))
      (asdf::%load name)))
  systems)

(defun %all-asd-files ()
  (loop :for (dirs . deep) :in (asdf::%search-directories)
        :append (golem::%asdf-search-all dirs deep)))

(defun system-apropos-list (term)
  "The names of the systems that can be found whose names contain TERM."
  (let ((term (string-downcase (string term))))
    (sort (remove-duplicates
           (loop :for asd :in (%all-asd-files)
                 :for name = (pathname-name (pathname asd))
                 :when (search term name) :collect name)
           :test #'string=)
          #'string<)))

(defun system-apropos (term)
  "Print the systems that can be found whose names contain TERM."
  (dolist (name (system-apropos-list term))
    (format t "~&#<SYSTEM ~A / ~A>~%" name
            (namestring (uiop:pathname-directory-pathname (asdf::search-for-system-definition name)))))
  (values))

(defun where-is-system (name)
  "The directory of the system NAME's .asd file, or NIL."
  (let ((asd (asdf::search-for-system-definition (asdf:coerce-name name))))
    (and asd (uiop:pathname-directory-pathname (pathname asd)))))

(defun list-local-systems ()
  (sort (remove-duplicates
         (loop :for asd :in (golem::%asdf-search-all
                             (mapcar #'namestring *local-project-directories*) t)
               :collect (pathname-name (pathname asd)))
         :test #'string=)
        #'string<))

(defun register-local-projects () nil)

(defun %refuse (what)
  (error "golem cannot ~A: it uses an existing Quicklisp installation as it is (and, with --quicklisp-dist, downloads single releases)." what))

(defun update-client (&rest keys) (declare (ignore keys)) (%refuse "update the Quicklisp client"))
(defun update-dist (&rest keys) (declare (ignore keys)) (%refuse "update a dist"))
(defun update-all-dists (&rest keys) (declare (ignore keys)) (%refuse "update dists"))
(defun uninstall (&rest keys) (declare (ignore keys)) (%refuse "uninstall a release"))
(defun add-to-init-file (&rest keys) (declare (ignore keys)) (%refuse "write an init file"))
(defun setup () t)
