;;;; ASDF for golem: DEFSYSTEM, components, operations and the one system
;;;; loader behind LOAD-SYSTEM, QL:QUICKLOAD, REQUIRE and the MCP
;;;; load-system tool. Written for golem (not a port of ASDF); the package
;;;; and its exported symbols are made in Go (asdf/exports.go), and this file
;;;; is evaluated on first use. Files are found, dated and read by Go
;;;; primitives (asdf/files.go) through the image's system sandbox.

(in-package :asdf)

(defun asdf-version () "3.3.1")

;;; --- state ---

(defvar *systems* (make-hash-table :test 'equal)
  "Registered systems by name.")
(defvar *loaded-systems* (make-hash-table :test 'equal)
  "Names of the systems loaded (fully, at least once).")
(defvar *file-dates* (make-hash-table :test 'equal)
  "For each file loaded, its modification date when it was read.")
(defvar *asd-dates* (make-hash-table :test 'equal)
  "For each .asd file evaluated, its modification date then.")
(defvar *asd-file* nil "The .asd file being evaluated (a native namestring).")
(defvar *extra-search-directories* nil
  "Directories searched first for NAME.asd (the MCP tool's path argument).")
(defvar *load-log* nil
  "What the last loader call did, newest first: (:loading name),
(:reloading name file reason), (:up-to-date name), (:loaded name version).")
(defvar *current-file* nil
  "The file the loader is reading (set, not bound, so that it is still there
when a load failed).")
(defvar *system-packages* (make-hash-table :test 'equal)
  "Package name -> system name, from REGISTER-SYSTEM-PACKAGES.")
(defvar *compile-file-warnings-behaviour* :warn)
(defvar *compile-file-failure-behaviour* :warn)
(defvar *asdf-verbose* nil)
(defvar *verbose-out* nil)
(defparameter *system-definition-search-functions* nil)
(defvar *default-source-registries* nil)
(defvar *user-cache* nil)
(defvar *source-registry-parameter* nil)

(defparameter *provided-systems* '("asdf" "uiop" "asdf-package-system" "asdf/defsystem")
  "Systems golem itself provides.")

;;; --- conditions ---

(define-condition system-definition-error (error) ())

(define-condition formatted-system-definition-error (system-definition-error)
  ((format-control :initarg :format-control :reader format-control)
   (format-arguments :initarg :format-arguments :initform nil :reader format-arguments))
  (:report (lambda (c s) (apply #'format s (format-control c) (format-arguments c)))))

(define-condition load-system-definition-error (system-definition-error)
  ((name :initarg :name :reader error-name)
   (pathname :initarg :pathname :reader error-pathname)
   (condition :initarg :condition :reader error-condition))
  (:report (lambda (c s)
             (format s "Error while trying to load definition for system ~A from pathname ~A: ~A"
                     (error-name c) (error-pathname c) (error-condition c)))))

(define-condition missing-component (system-definition-error)
  ((requires :initform "(unnamed)" :reader missing-requires :initarg :requires)
   (parent :initform nil :reader missing-parent :initarg :parent))
  (:report (lambda (c s)
             (format s "Component ~S not found~@[ in ~A~]" (missing-requires c) (missing-parent c)))))

(define-condition missing-component-of-version (missing-component)
  ((version :initform nil :reader missing-version :initarg :version))
  (:report (lambda (c s)
             (format s "Component ~S does not match version ~A" (missing-requires c) (missing-version c)))))

(define-condition missing-dependency (missing-component)
  ((required-by :initarg :required-by :reader missing-required-by)))

(define-condition missing-dependency-of-version (missing-dependency missing-component-of-version) ())

(define-condition ql:system-not-found (missing-dependency)
  ((name :initarg :name :reader ql:system-not-found-name))
  (:default-initargs :required-by nil)
  (:report (lambda (c s)
             (format s "System ~S not found.~@[~%Required by system ~S.~]"
                     (ql:system-not-found-name c) (missing-required-by c)))))

(define-condition operation-error (error)
  ((component :reader error-component :initarg :component)
   (operation :reader error-operation :initarg :operation))
  (:report (lambda (c s)
             (format s "~S on ~A failed" (type-of (error-operation c)) (error-component c)))))
(define-condition compile-error (operation-error) ())
(define-condition compile-failed (compile-error) ())
(define-condition compile-warned (compile-error) ())

(define-condition circular-dependency (system-definition-error)
  ((components :initarg :components :reader circular-dependency-components))
  (:report (lambda (c s)
             (format s "Circular dependency: ~{~S~^ -> ~}" (circular-dependency-components c)))))

;;; --- components ---

(defun coerce-name (name)
  "A component name: a string as given, a symbol's name in lower case."
  (typecase name
    (component (component-name name))
    (symbol (string-downcase (symbol-name name)))
    (string name)
    (t (error 'formatted-system-definition-error
              :format-control "Invalid component designator: ~S" :format-arguments (list name)))))

(defun primary-system-name (name)
  (let ((name (coerce-name name)))
    (subseq name 0 (position #\/ name))))

(defclass component ()
  ((name :initarg :name :reader component-name)
   (parent :initarg :parent :initform nil :reader component-parent)
   (relative-pathname :initarg :pathname :initform nil)
   (absolute-pathname :initform nil)
   (version :initarg :version :initform nil :accessor component-version)
   (description :initarg :description :initform nil :accessor component-description)
   (long-description :initarg :long-description :initform nil :accessor component-long-description)
   (sideway-dependencies :initarg :depends-on :initform nil :accessor component-sideway-dependencies)
   (in-order-to :initarg :in-order-to :initform nil :accessor component-in-order-to)
   (if-feature :initarg :if-feature :initform nil :accessor component-if-feature)
   (properties :initarg :properties :initform nil :accessor component-properties)
   (perform-functions :initform nil :accessor %perform-functions)
   (encoding :initarg :encoding :initform nil :accessor component-encoding)))

(defmethod print-object ((c component) stream)
  (print-unreadable-object (c stream :type t :identity nil)
    (format stream "~{~S~^ ~}" (component-find-path c))))

(defclass child-component (component) ())

(defclass parent-component (component)
  ((children :initform nil :accessor component-children)
   (serial :initarg :serial :initform nil)
   (default-component-class :initarg :default-component-class :initform nil
                            :accessor module-default-component-class)))

(defclass module (child-component parent-component) ())

(defclass source-file (child-component)
  ((type :initarg :type :initform nil)))
(defclass cl-source-file (source-file) ((type :initform "lisp")))
(defclass cl-source-file.cl (cl-source-file) ((type :initform "cl")))
(defclass cl-source-file.lsp (cl-source-file) ((type :initform "lsp")))
(defclass c-source-file (source-file) ((type :initform "c")))
(defclass java-source-file (source-file) ((type :initform "java")))
(defclass static-file (source-file) ())
(defclass doc-file (static-file) ())
(defclass html-file (doc-file) ((type :initform "html")))

(defclass system (module)
  ((author :initarg :author :initform nil :accessor system-author)
   (maintainer :initarg :maintainer :initform nil :accessor system-maintainer)
   (licence :initarg :licence :initarg :license :initform nil :accessor system-licence)
   (homepage :initarg :homepage :initform nil :accessor system-homepage)
   (bug-tracker :initarg :bug-tracker :initform nil :accessor system-bug-tracker)
   (mailto :initarg :mailto :initform nil :accessor system-mailto)
   (long-name :initarg :long-name :initform nil :accessor system-long-name)
   (source-control :initarg :source-control :initform nil :accessor system-source-control)
   (source-file :initarg :source-file :initform nil :accessor system-source-file)
   (source-directory :initarg :source-directory :initform nil)
   (defsystem-depends-on :initarg :defsystem-depends-on :initform nil
                         :accessor system-defsystem-depends-on)
   (depends-on :initarg :system-depends-on :initform nil :accessor system-depends-on)
   (weakly-depends-on :initarg :weakly-depends-on :initform nil :accessor system-weakly-depends-on)
   (entry-point :initarg :entry-point :initform nil :accessor component-entry-point)
   (build-operation :initarg :build-operation :initform nil)
   (build-pathname :initarg :build-pathname :initform nil)))

(defclass package-inferred-system (system) ())
(defclass package-system (package-inferred-system) ())

(defun system-license (s) (system-licence s))
(defun system-definition-pathname (s) (system-source-file (find-system s)))
(defun system-description (s) (component-description s))
(defun system-long-description (s) (component-long-description s))
(defun system-version (s) (component-version (find-system s)))
(defun component-system (c)
  (loop :for x = c :then (component-parent x) :while (component-parent x) :finally (return x)))
(defun component-find-path (c)
  (reverse (loop :for x = c :then (component-parent x) :while x :collect (component-name x))))
(defun module-components (c) (component-children c))
(defun component-property (c property) (getf (component-properties c) property))
(defun (setf component-property) (new-value c property)
  (setf (getf (component-properties c) property) new-value))
(defun component-external-format (c) (declare (ignore c)) :utf-8)

(defgeneric source-file-type (component system))
(defmethod source-file-type ((c source-file) (s t)) (slot-value c 'type))
(defmethod source-file-type ((c parent-component) (s t)) :directory)

(defun %relative-spec (spec)
  ;; Component names are relative: a leading / does not make them absolute.
  (if (stringp spec) (string-left-trim "/" spec) spec))

(defgeneric component-relative-pathname (component))
(defmethod component-relative-pathname ((c component))
  (let* ((spec (or (slot-value c 'relative-pathname) (component-name c)))
         (type (source-file-type c (component-system c))))
    (cond ((pathnamep spec) spec)
          ((eq type :directory)
           (parse-unix-namestring (%relative-spec spec) :type :directory))
          ((and (slot-value c 'relative-pathname) (stringp spec)
                (let ((slash (position #\/ spec :from-end t)) (dot (position #\. spec :from-end t)))
                  (and dot (> dot 0) (or (null slash) (> dot (1+ slash))))))
           ;; An explicit :pathname with its own type is taken as it is.
           (parse-unix-namestring (%relative-spec spec)))
          (t (parse-unix-namestring (%relative-spec spec) :type type)))))

(defgeneric component-pathname (component)
  (:documentation "The absolute pathname of a component: a directory for systems and modules."))

(defmethod component-pathname ((c component))
  (or (slot-value c 'absolute-pathname)
      (setf (slot-value c 'absolute-pathname)
            (let ((rel (component-relative-pathname c)) (parent (component-parent c)))
              (if (and parent rel)
                  (merge-pathnames rel (component-pathname parent))
                  (or rel (and parent (component-pathname parent))))))))

(defmethod component-pathname ((s system))
  (or (slot-value s 'absolute-pathname)
      (setf (slot-value s 'absolute-pathname)
            (let ((dir (system-source-directory s)) (rel (slot-value s 'relative-pathname)))
              (if rel
                  (merge-pathnames (if (pathnamep rel) rel
                                       (parse-unix-namestring (%relative-spec rel) :type :directory))
                                   dir)
                  dir)))))

(defun system-source-directory (system-designator)
  (let ((s (if (typep system-designator 'system) system-designator (find-system system-designator))))
    (or (slot-value s 'source-directory)
        (let ((asd (system-source-file s)))
          (if asd (pathname-directory-pathname asd) *default-pathname-defaults*)))))

(defun system-relative-pathname (system name &key type)
  (subpathname (system-source-directory system) name :type type))

(defun find-component (base path &key registered)
  (declare (ignore registered))
  (let ((base (etypecase base
                (component base)
                ((or string symbol) (find-system base))
                (null nil))))
    (cond ((null path) base)
          ((null base) (find-system path nil))
          ((typep path '(or string symbol))
           (find (coerce-name path) (and (typep base 'parent-component) (component-children base))
                 :key #'component-name :test #'string=))
          ((consp path) (find-component (find-component base (car path)) (cdr path))))))

;;; --- DEFSYSTEM ---

(defun %class-for-type (type parent)
  (or (case type
        ((:file :cl-source-file)
         (if (and parent (module-default-component-class parent))
             (coerce-class (module-default-component-class parent) :package :asdf)
             (find-class 'cl-source-file)))
        (:module (find-class 'module))
        (:static-file (find-class 'static-file))
        (:doc-file (find-class 'doc-file))
        (:html-file (find-class 'html-file))
        (:source-file (find-class 'source-file))
        (:system (find-class 'system)))
      (and (symbolp type)
           (let ((sym (or (find-symbol (symbol-name type) *package*)
                          (find-symbol (symbol-name type) :asdf))))
             (and sym (find-class sym nil))))
      (error 'formatted-system-definition-error
             :format-control "Don't recognize component type ~S" :format-arguments (list type))))

(defun %resolve-class (spec)
  (cond ((null spec) (find-class 'system))
        ((typep spec 'class) spec)
        ((stringp spec)
         (let ((colon (position #\: spec)))
           (find-class (if colon
                           (find-symbol* (string-upcase (string-left-trim ":" (subseq spec (position #\: spec :from-end t))))
                                         (string-upcase (subseq spec 0 colon)))
                           (find-symbol* (string-upcase spec) :asdf)))))
        ((symbolp spec)
         (or (let ((s (find-symbol (symbol-name spec) *package*))) (and s (find-class s nil)))
             (let ((s (find-symbol (symbol-name spec) :asdf))) (and s (find-class s nil)))
             (error 'formatted-system-definition-error
                    :format-control "Don't recognize system class ~S (an ASDF extension golem lacks?)"
                    :format-arguments (list spec))))))

(defun %feature-ok (c)
  (let ((f (getf c :if-feature :none)))
    (or (eq f :none) (featurep f))))

(defun %parse-component (spec parent)
  (destructuring-bind (type name &rest options) spec
    (let* ((class (if (getf options :class)
                      (%resolve-class (getf options :class))
                      (%class-for-type type parent)))
           (initargs (loop :for (k v) :on options :by #'cddr
                           :unless (member k '(:components :perform :class :in-order-to :output-files
                                               :around-compile :do-first :explain :operation-done-p
                                               :weakly-depends-on :serial :if-component-dep-fails))
                             :append (list k v)))
           (c (apply #'make-instance class :name (coerce-name name) :parent parent
                     :allow-other-keys t initargs)))
      (setf (component-in-order-to c) (getf options :in-order-to))
      (when (typep c 'parent-component)
        (setf (slot-value c 'serial) (getf options :serial))
        (%parse-children c (getf options :components)))
      c)))

(defun %parse-children (parent specs)
  (setf (component-children parent)
        (loop :for spec :in specs
              :for spec* = (if (consp spec) spec (list :file spec))
              :when (%feature-ok (cddr spec*))
                :collect (%parse-component spec* parent))))

(defun %collect-performs (options path)
  ;; The :perform clauses of a DEFSYSTEM and its components, as
  ;; (path op qualifier lambda-list body) lists.
  (append
   (loop :for (k v) :on options :by #'cddr
         :when (eq k :perform)
           :collect (destructuring-bind (op &rest more) v
                      (let ((qualifier (and (keywordp (car more)) (pop more))))
                        (list path op qualifier (car more) (cdr more)))))
   (loop :for spec :in (getf options :components)
         :when (consp spec)
           :append (%collect-performs (cddr spec) (append path (list (coerce-name (second spec))))))))

(defmacro defsystem (name &body options)
  "Define a system: see the ASDF manual; golem supports the options real
systems use (:depends-on, :components, :serial, :pathname, :version,
:perform, :in-order-to, :class, :defsystem-depends-on ...)."
  (let ((performs (%collect-performs options '())))
    `(progn
       ,@(when (getf options :defsystem-depends-on)
           `((%load-defsystem-depends-on ',name ',(getf options :defsystem-depends-on))))
       (%register-system ',name ',options
                         (list ,@(loop :for (path op qualifier lambda-list body) :in performs
                                       :collect `(list ',path ',op ',qualifier
                                                       (lambda ,lambda-list
                                                         (declare (ignorable ,@(remove-if-not #'symbolp lambda-list)))
                                                         ,@body))))))))

(defun %load-defsystem-depends-on (name deps)
  (dolist (d deps)
    (let ((dn (%dependency-name d)))
      (when dn
        (unless (find-system dn nil)
          (error 'formatted-system-definition-error
                 :format-control "System ~S needs the ASDF extension ~S (:defsystem-depends-on), which golem does not provide and cannot find."
                 :format-arguments (list (coerce-name name) dn)))
        (%load dn)))))

(defun %version-from-spec (spec source-directory)
  (flet ((file (f) (subpathname source-directory f)))
    (cond ((or (null spec) (stringp spec)) spec)
          ((and (consp spec) (eq (car spec) :read-file-form))
           (destructuring-bind (f &key (at 0)) (cdr spec)
             (let ((form (with-input-from-string (in (golem::%asdf-read-file (namestring (file f)) *asd-file*))
                           (let ((*read-eval* nil))
                             (nth at (slurp-stream-forms in :count (1+ (if (integerp at) at 0))))))))
               (if (stringp form) form (princ-to-string form)))))
          ((and (consp spec) (eq (car spec) :read-file-line))
           (destructuring-bind (f &key (at 0)) (cdr spec)
             (with-input-from-string (in (golem::%asdf-read-file (namestring (file f)) *asd-file*))
               (nth at (slurp-stream-lines in :count (1+ at))))))
          (t (princ-to-string spec)))))

;; A :depends-on entry in ASDF's canonical form (ASDF's PARSE-DEPENDENCY-DEF):
;; system names as strings, also inside (:version name v) and (:feature f dep);
;; (:require m) and anything else as written.
(defun %parse-dependency-def (spec)
  (cond ((or (stringp spec) (symbolp spec)) (coerce-name spec))
        ((and (consp spec) (eq (car spec) :version) (consp (cdr spec)))
         (list* :version (coerce-name (second spec)) (cddr spec)))
        ((and (consp spec) (eq (car spec) :feature) (= (length spec) 3))
         (list :feature (second spec) (%parse-dependency-def (third spec))))
        (t spec)))

(defun %register-system (name options performs)
  (let* ((name (coerce-name name))
         (class (%resolve-class (getf options :class)))
         (asd *asd-file*)
         (dir (if asd (pathname-directory-pathname (pathname asd)) *default-pathname-defaults*))
         (initargs (loop :for (k v) :on options :by #'cddr
                         :unless (member k '(:components :perform :class :in-order-to :depends-on
                                             :version :serial :defsystem-depends-on :output-files
                                             :around-compile :do-first :explain :operation-done-p
                                             :if-component-dep-fails :source-file))
                           :append (list k v)))
         (system (apply #'make-instance class :name name
                        :source-file (and asd (pathname asd))
                        :source-directory dir
                        :system-depends-on (mapcar #'%parse-dependency-def
                                                   (getf options :depends-on))
                        :defsystem-depends-on (getf options :defsystem-depends-on)
                        :allow-other-keys t initargs)))
    (setf (component-version system) (%version-from-spec (getf options :version) dir))
    (setf (slot-value system 'serial) (getf options :serial))
    (setf (component-in-order-to system) (getf options :in-order-to))
    (%parse-children system (getf options :components))
    (loop :for (path op qualifier fn) :in performs
          :for c = (find-component system path)
          :when c :do (push (list op qualifier fn) (%perform-functions c)))
    (setf (gethash name *systems*) system)))

(defun register-system-packages (system packages)
  (dolist (p (ensure-list packages))
    (setf (gethash (string p) *system-packages*) (coerce-name system))))

(defun registered-systems () (sort (loop :for k :being :the :hash-keys :of *systems* :collect k) #'string<))
(defun registered-systems* () (loop :for v :being :the :hash-values :of *systems* :collect v))
(defun already-loaded-systems ()
  (sort (loop :for k :being :the :hash-keys :of *loaded-systems* :collect k) #'string<))
(defun system-registered-p (name) (and (gethash (coerce-name name) *systems*) t))
(defun registered-system (name) (values (gethash (coerce-name name) *systems*)))
(defun component-loaded-p (c)
  (and (gethash (coerce-name (if (typep c 'component) (component-name (component-system c)) c))
                *loaded-systems*)
       t))
(defun map-systems (fn) (maphash (lambda (k v) (declare (ignore k)) (funcall fn v)) *systems*))

(defun clear-system (name)
  "Forget the system: the next FIND-SYSTEM evaluates its .asd again and the
next load loads all its files."
  (let* ((name (coerce-name name)) (s (gethash name *systems*)))
    (when s
      (dolist (f (%system-files s)) (remhash (namestring (component-pathname f)) *file-dates*))
      (when (system-source-file s) (remhash (namestring (system-source-file s)) *asd-dates*)))
    (remhash name *loaded-systems*)
    (remhash name *systems*)))

(defun clear-configuration () nil)
(defun initialize-source-registry (&optional parameter) (declare (ignore parameter)) nil)
(defun clear-source-registry () nil)
(defun ensure-source-registry (&optional parameter) (declare (ignore parameter)) nil)
(defun initialize-output-translations (&optional parameter) (declare (ignore parameter)) nil)
(defun clear-output-translations () nil)
(defun disable-output-translations () nil)
(defun ensure-output-translations () nil)
(defun apply-output-translations (path) path)
(defun upgrade-asdf () nil)
(defun register-preloaded-system (name &rest keys)
  (declare (ignore keys))
  (setf (gethash (coerce-name name) *loaded-systems*) t))
(defun register-immutable-system (name &rest keys) (apply #'register-preloaded-system name keys))

;;; --- finding systems ---

(defun %provided-system (name)
  (or (gethash name *systems*)
      (let ((s (make-instance 'system :name name :version (asdf-version)
                                      :description "Provided by golem.")))
        (setf (gethash name *loaded-systems*) t)
        (setf (gethash name *systems*) s))))

(defun %search-directories ()
  ;; NAME.asd is looked for in these, in order: (directories . deep-p).
  (list (cons (append *extra-search-directories*
                      (loop :for entry :in *central-registry*
                            :for dir = (if (or (pathnamep entry) (stringp entry)) entry (eval entry))
                            :when dir :collect (namestring (ensure-directory-pathname dir)))
                      (golem::%asdf-config :dirs))
              nil)
        (cons (mapcar (lambda (d) (namestring (ensure-directory-pathname d)))
                      (symbol-value 'ql:*local-project-directories*))
              t)
        (cons (golem::%asdf-config :software) t)))

(defun search-for-system-definition (name)
  (let ((primary (primary-system-name name)))
    (or (loop :for (dirs . deep) :in (%search-directories)
              :thereis (golem::%asdf-search primary dirs deep))
        (let ((dir (and (golem::%asdf-config :fetch) (golem::%asdf-fetch primary))))
          (and dir (golem::%asdf-search primary (list dir) t))))))

(defun locate-system (name)
  (let* ((name (coerce-name name)) (asd (search-for-system-definition name)))
    (values (and asd t) (gethash name *systems*) (and asd (pathname asd)) nil nil)))

(defun load-asd (pathname &key name)
  "Evaluate the .asd file PATHNAME in ASDF-USER."
  (declare (ignore name))
  (let* ((path (namestring pathname))
         (date (golem::%asdf-file-date path))
         (done nil))
    ;; Dated first: a FIND-SYSTEM of its own system inside the file (an EQL
    ;; specializer) must not evaluate it again.
    (setf (gethash path *asd-dates*) date)
    (unwind-protect
         (let ((*asd-file* path))
           (setf *current-file* path)
           (golem::%asdf-load path nil (find-package :asdf-user))
           (setf *current-file* nil done t))
      (unless done (remhash path *asd-dates*)))
    t))

(defun %asd-changed-p (system)
  (let ((asd (system-source-file system)))
    (and asd
         (let ((path (namestring asd)))
           (not (eql (gethash path *asd-dates*) (golem::%asdf-file-date path)))))))

(defun %package-inferred-dependencies (file)
  ;; The systems a package-inferred file needs: the packages its first
  ;; DEFPACKAGE or DEFINE-PACKAGE form uses or imports from.
  (let ((form (with-input-from-string (in (golem::%asdf-read-file (namestring file) *asd-file*))
                (let ((*package* (find-package :asdf-user)) (*read-eval* nil))
                  (loop :with eof = '#:eof
                        :for f = (read in nil eof)
                        :until (eq f eof)
                        :when (and (consp f) (symbolp (car f))
                                   (member (symbol-name (car f)) '("DEFPACKAGE" "DEFINE-PACKAGE")
                                           :test #'string=))
                          :return f)))))
    (unless form
      (error 'formatted-system-definition-error
             :format-control "~A has no DEFPACKAGE or DEFINE-PACKAGE form (package-inferred system)."
             :format-arguments (list (namestring file))))
    (let ((names '()))
      (dolist (clause (cddr form))
        (when (consp clause)
          (case (car clause)
            ((:use :mix :reexport :use-reexport :mix-reexport)
             (dolist (p (cdr clause)) (push p names)))
            ((:import-from :shadowing-import-from)
             (push (second clause) names))
            (:local-nicknames
             (dolist (pair (cdr clause)) (when (consp pair) (push (second pair) names)))))))
      (remove-duplicates
       (loop :for p :in (nreverse names)
             :for pname = (string p)
             :for sys = (or (gethash pname *system-packages*) (string-downcase pname))
             :unless (or (member pname '("CL" "COMMON-LISP" "CL-USER" "COMMON-LISP-USER" "KEYWORD" "GOLEM")
                                 :test #'string-equal)
                         (and (find-package pname) (not (find-system sys nil))))
               :collect sys)
       :test #'string=))))

(defun %infer-system (name primary)
  ;; "foo/bar/baz" of the package-inferred system "foo": the file
  ;; bar/baz.lisp beneath foo's directory.
  (let* ((sub (subseq name (1+ (length (component-name primary)))))
         (file (merge-pathnames (parse-unix-namestring sub :type "lisp") (component-pathname primary)))
         (*asd-file* (and (system-source-file primary) (namestring (system-source-file primary))))
         (deps (%package-inferred-dependencies file))
         (s (make-instance 'package-inferred-system :name name
                                                    :source-file (system-source-file primary)
                                                    :source-directory (system-source-directory primary)
                                                    :system-depends-on deps)))
    (setf (slot-value s 'absolute-pathname) (component-pathname primary))
    (setf (component-children s)
          (list (make-instance 'cl-source-file :name sub :parent s :pathname file)))
    (setf (slot-value (first (component-children s)) 'absolute-pathname) file)
    (setf (gethash name *systems*) s)))

(defun find-system (name &optional (error-p t))
  "The system called NAME, evaluating its .asd file (again, if it changed)
when needed; NIL or a QL:SYSTEM-NOT-FOUND error when there is none."
  (let* ((name (coerce-name name))
         (system (gethash name *systems*)))
    (cond ((member name *provided-systems* :test #'string=)
           (setf system (%provided-system name)))
          ((and system (%asd-changed-p system))
           (load-asd (system-source-file system))
           (setf system (gethash name *systems*)))
          ((null system)
           (let* ((primary-name (primary-system-name name))
                  (primary (gethash primary-name *systems*)))
             (unless primary
               (let ((asd (search-for-system-definition name)))
                 ;; An .asd file asking for its own system while it is
                 ;; evaluated does not evaluate itself again.
                 (when (and asd (not (equal (namestring asd) *asd-file*)))
                   (load-asd asd)
                   (setf system (gethash name *systems*)
                         primary (gethash primary-name *systems*)))))
             (when (and (null system) primary (string/= name primary-name)
                        (typep primary 'package-inferred-system))
               (setf system (%infer-system name primary))))))
    (cond (system)
          (error-p (error 'ql:system-not-found :name name :requires name))
          (t nil))))

;;; --- dependencies and plans ---

(defun %dependency-name (spec)
  ;; The system a :depends-on entry names, or NIL when it names none here.
  (cond ((or (stringp spec) (symbolp spec)) (coerce-name spec))
        ((not (consp spec)) nil)
        ((eq (car spec) :version) (coerce-name (second spec)))
        ((eq (car spec) :feature) (and (featurep (second spec)) (%dependency-name (third spec))))
        ((eq (car spec) :require) nil)
        (t nil)))

(defun %check-version (spec system)
  (when (and (consp spec) (eq (car spec) :version) (third spec))
    (let ((have (component-version system)))
      (unless (version-satisfies system (third spec))
        (error 'missing-dependency-of-version :requires (coerce-name (second spec))
                                              :version (third spec) :required-by have)))))

(defun %direct-dependencies (system)
  (append
   (loop :for spec :in (system-weakly-depends-on system)
         :for dn = (%dependency-name spec)
         :for dep = (and dn (find-system dn nil))
         :when dep :collect dep)
   (%strong-dependencies system)))

(defun %strong-dependencies (system)
  (loop :for spec :in (system-depends-on system)
        :for dn = (%dependency-name spec)
        :when dn
          :collect (let ((dep (handler-case (find-system dn)
                                (ql:system-not-found (e)
                                  (if (missing-required-by e) (error e)
                                      (error 'ql:system-not-found :name dn :requires dn
                                                                  :required-by (component-name system)))))))
                     (%check-version spec dep)
                     dep)))

(defun %plan (system)
  ;; SYSTEM and every system it needs, each after what it depends on.
  (let ((plan '()) (done (make-hash-table :test 'eq)))
    (labels ((visit (s path)
               (when (member s path)
                 (error 'circular-dependency
                        :components (mapcar #'component-name (reverse (cons s path)))))
               (unless (gethash s done)
                 (dolist (d (%direct-dependencies s)) (visit d (cons s path)))
                 (setf (gethash s done) t)
                 (push s plan))))
      (visit system '()))
    (nreverse plan)))

(defun %ordered-children (parent)
  ;; The children of PARENT, each after the siblings it depends on (and,
  ;; when serial, after every earlier one); otherwise in declared order.
  (let* ((children (component-children parent))
         (serial (slot-value parent 'serial))
         (out '()) (done (make-hash-table :test 'eq)) (visiting (make-hash-table :test 'eq)))
    (labels ((deps (c)
               (append (when serial
                         (let ((pos (position c children)))
                           (and pos (plusp pos) (list (nth (1- pos) children)))))
                       (loop :for spec :in (component-sideway-dependencies c)
                             :for dn = (%dependency-name spec)
                             :for d = (and dn (find dn children :key #'component-name :test #'string=))
                             :when d :collect d)))
             (visit (c)
               (unless (or (gethash c done) (gethash c visiting))
                 (setf (gethash c visiting) t)
                 (mapc #'visit (deps c))
                 (setf (gethash c done) t)
                 (push c out))))
      (mapc #'visit children))
    (nreverse out)))

(defun %system-files (parent)
  ;; The components of PARENT that are loaded, in load order.
  (loop :for c :in (%ordered-children parent)
        :if (typep c 'parent-component) :append (%system-files c)
        :else :if (typep c 'cl-source-file) :collect c))

;;; --- operations ---

(defclass operation () ())
(defclass downward-operation (operation) ())
(defclass upward-operation (operation) ())
(defclass sideway-operation (operation) ())
(defclass selfward-operation (operation) ())
(defclass non-propagating-operation (operation) ())
(defclass basic-load-op (operation) ())
(defclass basic-compile-op (operation) ())
(defclass prepare-op (upward-operation sideway-operation) ())
(defclass load-op (basic-load-op downward-operation sideway-operation selfward-operation) ())
(defclass compile-op (basic-compile-op downward-operation selfward-operation) ())
(defclass load-source-op (basic-load-op downward-operation) ())
(defclass prepare-source-op (upward-operation sideway-operation) ())
(defclass test-op (selfward-operation) ())
(defclass program-op (operation) ())
(defclass image-op (operation) ())
(defclass monolithic-op (operation) ())

(defun make-operation (operation-class &rest initargs)
  (if (typep operation-class 'operation)
      operation-class
      (apply #'make-instance (if (symbolp operation-class)
                                 (or (find-symbol (symbol-name operation-class) :asdf) operation-class)
                                 operation-class)
             initargs)))
(defun find-operation (context spec) (declare (ignore context)) (make-operation spec))

(defgeneric perform (operation component)
  (:documentation "Do OPERATION on COMPONENT: loading a source file for LOAD-OP."))
(defgeneric perform-with-restarts (operation component))
(defgeneric operation-done-p (operation component))
(defgeneric input-files (operation component))
(defgeneric output-files (operation component))
(defgeneric component-depends-on (operation component))
(defgeneric explain (operation component))

(defmethod perform ((o operation) (c component)) nil)
(defmethod perform ((o basic-load-op) (c cl-source-file)) (%load-source c))
(defmethod perform ((o basic-compile-op) (c cl-source-file)) (%load-source c))
(defmethod perform-with-restarts ((o operation) (c component)) (perform o c))
(defmethod operation-done-p ((o operation) (c component)) nil)
(defmethod input-files ((o operation) (c component))
  (if (typep c 'source-file) (list (component-pathname c)) nil))
(defmethod output-files ((o operation) (c component)) nil)
(defmethod component-depends-on ((o operation) (c component)) nil)
(defmethod explain ((o operation) (c component))
  (format *verbose-out* "~&; ~A on ~A~%" (type-of o) c))

(defmethod perform :around ((o operation) (c component))
  ;; The :perform clauses of DEFSYSTEM, run as methods of their qualifier.
  (let ((fns (remove-if-not (lambda (e)
                              (let ((class (find-class (or (find-symbol (symbol-name (first e)) :asdf) (first e)) nil)))
                                (and class (typep o class))))
                            (%perform-functions c))))
    (if (null fns)
        (call-next-method)
        (let ((primary (find nil fns :key #'second)))
          (dolist (e fns) (when (eq (second e) :before) (funcall (third e) o c)))
          (multiple-value-prog1
              (if primary (funcall (third primary) o c) (call-next-method))
            (dolist (e fns) (when (eq (second e) :after) (funcall (third e) o c))))))))

(defun %source-asd (c)
  (let ((asd (system-source-file (component-system c)))) (and asd (namestring asd))))

(defun %load-source (c)
  (golem::%asdf-load (namestring (component-pathname c)) (%source-asd c) (find-package :cl-user)))

(defvar *logging* nil "True while the MCP tool collects *LOAD-LOG*.")
(defun %log (&rest entry) (when *logging* (push entry *load-log*)))

(defun %load (name &key force)
  "The one loader: load the system NAME and what it needs, reloading the
files changed since they were loaded and those after them."
  (let* ((system (find-system name))
         (plan (%plan system))
         (op (make-operation 'load-op))
         (reloaded (make-hash-table :test 'eq)))
    (%log :loading (component-name system))
    (dolist (s plan)
      (let* ((sname (component-name s))
             (forced (or (eq force :all)
                         (and force (eq s system))
                         (and (consp force) (member sname (mapcar #'coerce-name force) :test #'string=))))
             (deps-changed (some (lambda (d) (gethash d reloaded)) (%direct-dependencies s)))
             (first-time (not (gethash sname *loaded-systems*)))
             (changed nil)
             (todo '()))
        (unless (member sname *provided-systems* :test #'string=)
          (dolist (f (%system-files s))
            (let* ((path (namestring (component-pathname f)))
                   (old (gethash path *file-dates*))
                   (now (golem::%asdf-file-date path))
                   (reason (cond (forced :forced)
                                 (deps-changed :dependency)
                                 ((null old) :new)
                                 ((not (eql old now)) :changed)
                                 (changed :after))))
              (when reason
                (setf changed t)
                (push (list f path reason now) todo)))))
        (setf todo (nreverse todo))
        (when (and (or todo first-time) (not (eq s system)))
          (%log :loading sname))
        (when todo (setf (gethash s reloaded) t))
        (dolist (entry todo)
          (destructuring-bind (f path reason date) entry
            (unless first-time (%log :reloading sname path reason))
            ;; Undated while it loads: if it fails, the next load retries
            ;; it and the files after it, whatever made it reload now.
            (remhash path *file-dates*)
            (setf *current-file* path)
            (perform op f)
            (setf *current-file* nil)
            (setf (gethash path *file-dates*) date)))
        (when (or todo first-time) (perform op s))
        (when (and (eq s system) (not todo) (not first-time)
                   (not (member sname *provided-systems* :test #'string=)))
          (%log :up-to-date sname))
        (setf (gethash sname *loaded-systems*) t)
        (when (or todo first-time (eq s system))
          (%log :loaded sname (or (component-version s) "unspecified")))))
    system))

(defun operate (operation component &rest keys &key force force-not verbose version &allow-other-keys)
  "Do OPERATION (LOAD-OP, COMPILE-OP, TEST-OP ...) on the system COMPONENT."
  (declare (ignore force-not verbose version keys))
  (let* ((op (make-operation operation))
         (name (if (typep component 'component) (component-name (component-system component)) component)))
    (typecase op
      (test-op
       (let ((system (%load name :force force)))
         (dolist (entry (component-in-order-to system))
           (when (and (consp entry) (typep op (%resolve-op (car entry))))
             (dolist (dep (cdr entry))
               (destructuring-bind (dep-op &rest systems) dep
                 (dolist (s systems) (operate dep-op s))))))
         (perform op system)))
      ((or basic-load-op basic-compile-op prepare-op prepare-source-op)
       (%load name :force force))
      (t (let ((system (%load name :force force))) (perform op system))))
    (values op nil)))

(defun %resolve-op (name)
  (find-class (or (find-symbol (symbol-name name) :asdf) name)))

(defun oos (operation component &rest args &key &allow-other-keys)
  (apply #'operate operation component args))

(defun load-system (system &rest keys &key force force-not verbose version &allow-other-keys)
  "Load SYSTEM and what it needs; a system already loaded reloads the files
changed since (and those after them). :FORCE T reloads all its files."
  (declare (ignore force force-not verbose version))
  (apply #'operate 'load-op system keys)
  t)

(defun load-systems (&rest systems) (map () 'load-system systems))
(defun load-systems* (systems &rest keys) (dolist (s systems) (apply #'load-system s keys)))
(defun compile-system (system &rest args) (apply #'operate 'compile-op system args) t)
(defun test-system (system &rest args)
  "Run SYSTEM's test-op: load it, do what its :in-order-to asks for
test-op, then its :perform test-op."
  (apply #'operate 'test-op system args)
  t)
(defun require-system (system &rest keys)
  (unless (component-loaded-p system) (apply #'load-system system keys))
  t)
(defun load-source (system &rest keys) (apply #'operate 'load-source-op system keys))
(defun make (system &rest keys) (apply #'load-system system keys))

(defun version-satisfies (c version)
  "Whether C (a component or a version string) is at least VERSION."
  (let ((have (if (typep c 'component) (component-version c) c)))
    (or (null version) (and have (parse-version have) (version<= version have)))))

(defun component-load-dependencies (c) (component-sideway-dependencies c))

(defun compile-file* (input-file &rest keys &key output-file &allow-other-keys)
  (declare (ignore keys))
  (compile-file input-file :output-file output-file))

(defun load* (x &rest keys) (apply #'load x keys))

(defun module-provide-asdf (name)
  (let* ((name (string name))
         (system (find-system (string-downcase name) nil)))
    (when system
      (load-system system)
      (provide name)
      t)))

(defun %tool-load (name force directory)
  "The MCP load-system tool: load NAME as LOAD-SYSTEM does; what was done
is left in *LOAD-LOG*."
  (setf *load-log* nil *current-file* nil)
  (let ((*extra-search-directories* (and directory (list directory)))
        (*logging* t))
    (%load name :force force))
  t)

;;; The systems golem provides.
(dolist (name *provided-systems*) (%provided-system name))
