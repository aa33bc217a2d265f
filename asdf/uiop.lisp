;;;; UIOP for golem: the functions libraries call most, written for golem
;;;; (not a port of UIOP). The package and its exported symbols are made in
;;;; Go (asdf/exports.go); this file is evaluated on first use.

(in-package :uiop)

;;; --- utilities ---

(defmacro with-gensyms (names &body body)
  `(let ,(mapcar (lambda (n)
                   (let ((n (if (consp n) (car n) n)))
                     `(,n (gensym ,(string n)))))
                 names)
     ,@body))

(defmacro if-let (bindings then &optional else)
  (let ((bindings (if (and (consp bindings) (symbolp (car bindings))) (list bindings) bindings)))
    `(let ,bindings
       (if (and ,@(mapcar #'car bindings)) ,then ,else))))

(defmacro nest (&rest things)
  (reduce (lambda (outer inner) `(,@outer ,inner)) things :from-end t))

(defmacro while-collecting ((&rest collectors) &body body)
  (let ((vars (mapcar (lambda (c) (gensym (symbol-name c))) collectors)))
    `(let ,(mapcar (lambda (v) `(,v nil)) vars)
       (flet ,(mapcar (lambda (c v) `(,c (x) (push x ,v) x)) collectors vars)
         ,@body)
       (values ,@(mapcar (lambda (v) `(nreverse ,v)) vars)))))

(defmacro uiop-debug (&rest keys) (declare (ignore keys)) nil)

(defun ensure-list (x) (if (listp x) x (list x)))

(defun emptyp (x)
  (or (null x) (and (vectorp x) (zerop (length x)))))

(defun first-char (s) (and (stringp s) (plusp (length s)) (char s 0)))
(defun last-char (s) (and (stringp s) (plusp (length s)) (char s (1- (length s)))))

(defun string-designator-p (x) (typep x '(or string symbol character)))

(defun strcat (&rest strings)
  (apply #'concatenate 'string (mapcar #'string strings)))

(defun reduce/strcat (strings &key key start end)
  (let ((strings (subseq strings (or start 0) end)))
    (apply #'strcat (if key (map 'list key strings) (coerce strings 'list)))))

(defun base-string-p (x) (typep x 'base-string))

(defun split-string (string &key max (separator '(#\Space #\Tab)))
  "Split STRING into a list of components separated by any of the characters
in the sequence SEPARATOR. If MAX is specified, then no more than max(1,MAX)
components will be returned, starting the separation from the end."
  (block ()
    (let ((list nil) (words 0) (end (length string)))
      (when (zerop end) (return nil))
      (flet ((separatorp (char) (find char separator))
             (done () (return (cons (subseq string 0 end) list))))
        (loop
          :for start = (if (and max (>= words (1- max)))
                           (done)
                           (position-if #'separatorp string :end end :from-end t))
          :do (when (null start) (done))
              (push (subseq string (1+ start) end) list)
              (incf words)
              (setf end start))))))

(defun string-prefix-p (prefix string)
  (let* ((x (string prefix)) (y (string string)) (lx (length x)) (ly (length y)))
    (and (<= lx ly) (string= x y :end2 lx))))

(defun string-suffix-p (string suffix)
  (let* ((x (string string)) (y (string suffix)) (lx (length x)) (ly (length y)))
    (and (<= ly lx) (string= x y :start1 (- lx ly)))))

(defun string-enclosed-p (prefix string suffix)
  (and (string-prefix-p prefix string) (string-suffix-p string suffix)
       (>= (length string) (+ (length prefix) (length suffix)))))

(defun stripln (x)
  (let ((n (length x)))
    (cond ((and (>= n 2) (char= (char x (- n 2)) #\Return) (char= (char x (1- n)) #\Newline))
           (values (subseq x 0 (- n 2)) (subseq x (- n 2))))
          ((and (plusp n) (member (char x (1- n)) '(#\Newline #\Return)))
           (values (subseq x 0 (1- n)) (subseq x (1- n))))
          (t (values x nil)))))

(defun standard-case-symbol-name (name)
  (string-upcase (string name)))

(defun find-standard-case-symbol (name package)
  (find-symbol* (standard-case-symbol-name name) package))

(defun frob-substrings (string substrings &optional frob)
  "STRING with each of SUBSTRINGS found (the longest first) removed (FROB
NIL), replaced by FROB (a string), or given to FROB (a function of the
match and a function that emits a string)."
  (let ((frob (etypecase frob
                (null (lambda (match emit) (declare (ignore match emit))))
                (string (lambda (match emit) (declare (ignore match)) (funcall emit frob)))
                ((or function symbol) frob))))
    (with-output-to-string (out)
      (let ((start 0) (n (length string)))
        (loop
          (let ((best nil) (best-pos nil))
            (dolist (sub substrings)
              (let ((p (search sub string :start2 start)))
                (when (and p (or (null best-pos) (< p best-pos)
                                 (and (= p best-pos) (> (length sub) (length best)))))
                  (setf best sub best-pos p))))
            (unless best-pos
              (write-string string out :start start :end n)
              (return))
            (write-string string out :start start :end best-pos)
            (funcall frob best (lambda (x) (write-string x out)))
            (setf start (+ best-pos (length best)))))))))

(defun remove-plist-key (key plist)
  (loop :for (k v) :on plist :by #'cddr :unless (eq k key) :append (list k v)))

(defun remove-plist-keys (keys plist)
  (loop :for (k v) :on plist :by #'cddr :unless (member k keys) :append (list k v)))

(defun ensure-gethash (key table default)
  (multiple-value-bind (value found) (gethash key table)
    (if found
        (values value t)
        (values (setf (gethash key table)
                      (if (functionp default) (funcall default) default))
                nil))))

(defun list-to-hash-set (list &aux (h (make-hash-table :test 'equal)))
  (dolist (x list h) (setf (gethash x h) t)))

(defun ensure-function (fun &key (package :cl))
  (etypecase fun
    (function fun)
    ((or boolean keyword) (constantly fun))
    (symbol (fdefinition fun))
    (cons (if (eq 'lambda (car fun))
              (coerce fun 'function)
              (fdefinition fun)))
    (string (fdefinition (let ((*package* (find-package package))) (read-from-string fun))))))

(defun call-function (function-spec &rest arguments)
  (apply (ensure-function function-spec) arguments))

(defun call-functions (function-specs)
  (map () 'call-function function-specs))

(defun coerce-class (class &key (package :cl) (super t) (error 'error))
  (let* ((normalized
           (typecase class
             (keyword (or (find-symbol* class package nil) (find-symbol* class :asdf nil) class))
             (string (symbol-call :uiop :safe-read-from-string class :package package))
             (t class)))
         (found (etypecase normalized
                  ((or standard-class built-in-class) normalized)
                  ((or null keyword) nil)
                  (symbol (find-class normalized nil)))))
    (or (and found (or (eq super t) (subtypep found super)) found)
        (and error (if (functionp error)
                       (funcall error "Can't coerce ~S to a class" class)
                       (error "Can't coerce ~S to a class" class))))))

;;; --- packages and symbols ---

(defun find-package* (package-designator &optional (error t))
  (let ((p (find-package package-designator)))
    (cond (p p)
          (error (error "No package named ~S" (string package-designator)))
          (t nil))))

(defun find-symbol* (name package-designator &optional (error t))
  "Find a symbol named NAME in a package designated by PACKAGE-DESIGNATOR;
with ERROR NIL, return NIL when there is no such package or symbol."
  (block nil
    (when (symbolp name) (setf name (symbol-name name)))
    (let ((package (find-package* package-designator error)))
      (when package
        (multiple-value-bind (symbol status) (find-symbol name package)
          (cond (status (return (values symbol status)))
                (error (error "There is no symbol ~S in package ~S" name (package-name package))))))
      (values nil nil))))

(defun symbol-call (package name &rest args)
  (apply (find-symbol* name package) args))

(defun intern* (name package-designator &optional (error t))
  (intern (string name) (find-package* package-designator error)))

(defun export* (name package-designator)
  (let* ((package (find-package* package-designator))
         (symbol (intern* name package)))
    (export (or symbol (list symbol)) package)))

(defun unintern* (name package-designator &optional (error t))
  (let ((package (find-package* package-designator error)))
    (when package
      (multiple-value-bind (symbol status) (find-symbol* name package error)
        (cond (status (unintern symbol package)) (error (error "symbol ~A not present in package ~A" (string name) package))))
      (values))))

(defun symbol-package-name (symbol)
  (let ((package (symbol-package symbol))) (and package (package-name package))))

(defun ensure-package (name &key nicknames documentation use shadow shadowing-import-from
                              import-from export intern recycle mix reexport unintern local-nicknames)
  (declare (ignore documentation recycle local-nicknames))
  (let ((package (or (find-package name) (make-package name :use '() :nicknames nicknames))))
    (dolist (n unintern) (unintern* n package nil))
    (when nicknames
      (rename-package package (package-name package) (union nicknames (package-nicknames package) :test #'string=)))
    (shadow (mapcar #'string shadow) package)
    (loop :for (from . names) :in shadowing-import-from
          :do (shadowing-import (mapcar (lambda (n) (find-symbol* n from)) names) package))
    (loop :for (from . names) :in import-from
          :do (import (mapcar (lambda (n) (find-symbol* n from)) names) package))
    ;; MIX: use each package, the earlier one winning conflicts.
    (dolist (p mix)
      (do-external-symbols (s (find-package* p))
        (multiple-value-bind (existing status) (find-symbol (symbol-name s) package)
          (declare (ignore existing))
          (unless status (import (if (eq s nil) (list s) s) package)))))
    (use-package use package)
    (dolist (n intern) (intern (string n) package))
    (dolist (p reexport)
      (do-external-symbols (s (find-package* p))
        (multiple-value-bind (sym status) (find-symbol (symbol-name s) package)
          (unless status (import (if (eq s nil) (list s) s) package) (setf sym s))
          (export (if (eq sym nil) (list sym) sym) package))))
    (dolist (n export) (export (list (intern (string n) package)) package))
    package))

(defun parse-define-package-form (package clauses)
  (loop :with use-p = nil :with recycle-p = nil
        :with documentation = nil
        :for (kw . args) :in clauses
        :when (eq kw :nicknames) :append args :into nicknames :else
        :when (eq kw :documentation)
          :do (setf documentation (car args)) :else
        :when (eq kw :use) :append args :into use :and :do (setf use-p t) :else
        :when (eq kw :shadow) :append args :into shadow :else
        :when (eq kw :shadowing-import-from) :collect args :into shadowing-import-from :else
        :when (eq kw :import-from) :collect args :into import-from :else
        :when (eq kw :export) :append args :into export :else
        :when (eq kw :intern) :append args :into intern :else
        :when (eq kw :recycle) :append args :into recycle :and :do (setf recycle-p t) :else
        :when (eq kw :mix) :append args :into mix :else
        :when (eq kw :reexport) :append args :into reexport :else
        :when (eq kw :use-reexport) :append args :into use :and :append args :into reexport
          :and :do (setf use-p t) :else
        :when (eq kw :mix-reexport) :append args :into mix :and :append args :into reexport
          :and :do (setf use-p t) :else
        :when (eq kw :unintern) :append args :into unintern :else
        :when (eq kw :local-nicknames) :append args :into local-nicknames :else
          :do (error "unrecognized define-package keyword ~S" kw)
        :finally (return `(',package
                           :nicknames ',nicknames :documentation ',documentation
                           :use ',(if use-p use '(:common-lisp))
                           :shadow ',shadow :shadowing-import-from ',shadowing-import-from
                           :import-from ',import-from :export ',export :intern ',intern
                           :recycle ',(if recycle-p recycle (cons package nicknames))
                           :mix ',mix :reexport ',reexport :unintern ',unintern
                           :local-nicknames ',local-nicknames))))

(defmacro define-package (package &rest clauses)
  "DEFPACKAGE with UIOP's extra clauses (:mix, :reexport, :use-reexport,
:mix-reexport, :recycle, :unintern)."
  `(eval-when (:compile-toplevel :load-toplevel :execute)
     (funcall 'ensure-package ,@(parse-define-package-form package clauses))))

;;; --- features and the host ---

(defun featurep (x &optional (*features* *features*))
  "Check whether a feature expression X is true in *FEATURES*."
  (cond ((atom x) (and (member x *features*) t))
        ((eq :not (car x)) (assert (null (cddr x))) (not (featurep (cadr x))))
        ((eq :or (car x)) (some #'featurep (cdr x)))
        ((eq :and (car x)) (every #'featurep (cdr x)))
        (t (error "Malformed feature specification ~S" x))))

(defun os-unix-p () (featurep '(:or :unix :linux :darwin :bsd)))
(defun os-macosx-p () (featurep '(:or :darwin :macosx)))
(defun os-windows-p () (featurep '(:or :windows :win32)))
(defun os-genera-p () nil)
(defun os-oldmac-p () nil)
(defun os-haiku-p () nil)
(defun os-mezzano-p () nil)
(defun detect-os () (cond ((os-macosx-p) :os-macosx) ((os-windows-p) :os-windows) (t :os-unix)))
(defun operating-system () (cond ((os-macosx-p) :darwin) ((os-windows-p) :windows) (t :linux)))
(defun architecture () :x64)
(defun implementation-type () :golem)
(defun lisp-version-string () (lisp-implementation-version))
(defun implementation-identifier ()
  (format nil "golem-~A-~(~A~)-~(~A~)" (lisp-version-string) (operating-system) (architecture)))
(defun hostname () (or (machine-instance) "localhost"))

(defun getenv (x)
  "The value of the environment variable X, or NIL. Sandboxed sessions see
no environment."
  (golem::%asdf-getenv (string x)))

(defun getenvp (x)
  (let ((v (getenv x))) (and v (plusp (length v)))))

(defparameter *command-line-arguments* nil)

(defun command-line-arguments (&optional arguments)
  "The program's arguments: GOLEM:*COMMAND-LINE-ARGUMENTS*."
  (or arguments (symbol-value (find-symbol* '#:*command-line-arguments* :golem))))

(defun raw-command-line-arguments () (command-line-arguments))

(defun argv0 () "golem")

(defun quit (&optional (code 0) (finish-output t))
  "End the program with exit status CODE (GOLEM:EXIT; refused in a sandboxed session)."
  (when finish-output (finish-output *standard-output*) (finish-output *error-output*))
  (funcall (find-symbol* '#:exit :golem) :code code))

(defun die (code format &rest arguments)
  (format *error-output* "~&~?~&" format arguments)
  (quit code))

(define-condition subprocess-error (error)
  ((code :initform nil :initarg :code :reader subprocess-error-code)
   (command :initform nil :initarg :command :reader subprocess-error-command)
   (process :initform nil :initarg :process :reader subprocess-error-process))
  (:report (lambda (condition stream)
             (format stream "Subprocess ~@[~S~% ~]~@[with command ~S~% ~]exited with error~@[ code ~D~]"
                     (subprocess-error-process condition)
                     (subprocess-error-command condition)
                     (subprocess-error-code condition)))))

(define-condition not-implemented-error (error)
  ((functionality :initarg :functionality) (format-control :initarg :format-control :initform nil)
   (format-arguments :initarg :format-arguments :initform nil))
  (:report (lambda (c s)
             (format s "Not implemented: ~A~@[ ~?~]" (slot-value c 'functionality)
                     (slot-value c 'format-control) (slot-value c 'format-arguments)))))

(defun not-implemented-error (functionality &optional format-control &rest format-arguments)
  (error 'not-implemented-error :functionality functionality
                                :format-control format-control :format-arguments format-arguments))

(define-condition parameter-error (error)
  ((functionality :initarg :functionality) (format-control :initarg :format-control)
   (format-arguments :initarg :format-arguments))
  (:report (lambda (c s)
             (format s "~?" (slot-value c 'format-control) (slot-value c 'format-arguments)))))

(defun parameter-error (format-control functionality &rest format-arguments)
  (error 'parameter-error :functionality functionality
                          :format-control format-control :format-arguments format-arguments))

(defun run-program (command &rest keys)
  "golem runs no other programs: this signals an error."
  (declare (ignore keys))
  (error 'not-implemented-error :functionality 'run-program
         :format-control "golem cannot run external programs (~S)."
         :format-arguments (list command)))

(defun launch-program (command &rest keys)
  (declare (ignore keys))
  (error 'not-implemented-error :functionality 'launch-program
         :format-control "golem cannot run external programs (~S)."
         :format-arguments (list command)))

(defun run-shell-command (control &rest args)
  (error 'not-implemented-error :functionality 'run-shell-command
         :format-control "golem cannot run shell commands (~?)."
         :format-arguments (list control args)))

(defvar *uninteresting-conditions* nil)

(defun call-with-muffled-conditions (thunk conditions)
  (handler-bind ((t (lambda (c) (when (and (typep c 'warning)
                                            (some (lambda (x) (typep c x)) conditions))
                                   (muffle-warning c)))))
    (funcall thunk)))

(defmacro with-muffled-conditions ((conditions) &body body)
  `(call-with-muffled-conditions (lambda () ,@body) ,conditions))

(defun print-backtrace (&key (stream *debug-io*) count condition)
  (declare (ignore count condition))
  (format stream "~&(no backtrace available)~%"))

(defun print-condition-backtrace (condition &key (stream *error-output*) count)
  (declare (ignore count))
  (format stream "~&~A~%" condition))

;;; --- pathnames ---

(defun absolute-pathname-p (p)
  (and (typep p '(or pathname string))
       (let ((p (pathname p))) (eq :absolute (car (pathname-directory p))))
       (pathname p)))

(defun relative-pathname-p (p)
  (and (typep p '(or pathname string))
       (let ((d (pathname-directory (pathname p)))) (or (null d) (eq :relative (car d))))
       (pathname p)))

(defun directory-pathname-p (p)
  (and p (let ((p (pathname p)))
           (and (member (pathname-name p) '(nil :unspecific "") :test #'equal)
                (member (pathname-type p) '(nil :unspecific "") :test #'equal)
                t))))

(defun file-pathname-p (p)
  (and p (not (directory-pathname-p p)) (pathname p)))

(defun ensure-directory-pathname (p &optional on-error)
  (declare (ignore on-error))
  (cond ((null p) nil)
        ((directory-pathname-p p) (pathname p))
        (t (let ((p (pathname p)))
             (make-pathname :directory (append (or (pathname-directory p) (list :relative))
                                               (list (file-namestring p)))
                            :name nil :type nil :version nil :defaults p)))))

(defun pathname-directory-pathname (p)
  (and p (let ((p (pathname p))) (make-pathname :name nil :type nil :version nil :defaults p))))

(defun pathname-parent-directory-pathname (p)
  (and p (let ((p (pathname p)))
           (make-pathname :name nil :type nil :version nil
                          :directory (let ((d (pathname-directory p)))
                                       (if (and (consp d) (stringp (car (last d))))
                                           (butlast d)
                                           (append d (list :up))))
                          :defaults p))))

(defun split-name-type (filename)
  (let ((dot (position #\. filename :from-end t)))
    (if (or (null dot) (zerop dot))
        (values filename :unspecific)
        (values (subseq filename 0 dot) (subseq filename (1+ dot))))))

(defun parse-unix-namestring (name &key type defaults dot-dot ensure-directory want-relative
                                     &allow-other-keys)
  "Parse NAME, a string with / separating directories, into a pathname. TYPE
is the type of a file (:directory makes the last component a directory)."
  (declare (ignore dot-dot want-relative))
  (block nil
    (when (or (null name) (pathnamep name))
      (return (if (and name ensure-directory) (ensure-directory-pathname name) name)))
    (let* ((name (string name))
           (absolute (and (plusp (length name)) (char= (char name 0) #\/)))
           (parts (split-string name :separator "/"))
           (parts (remove "" parts :test #'string=))
           (dirp (or (eq type :directory) ensure-directory
                     (and (plusp (length name)) (char= (char name (1- (length name))) #\/))))
           (dirs (mapcar (lambda (x) (cond ((string= x "..") :up) (t x)))
                         (remove "." (if dirp parts (butlast parts)) :test #'string=)))
           (file (and (not dirp) (car (last parts))))
           (directory (cond (absolute (cons :absolute dirs)) (dirs (cons :relative dirs)))))
      (multiple-value-bind (fname ftype)
          (cond ((null file) (values nil nil))
                ((stringp type) (values file type))
                (t (split-name-type file)))
        (let ((p (make-pathname :directory directory :name fname
                                :type (if (eq ftype :unspecific) nil ftype))))
          (if defaults (merge-pathnames p defaults) p))))))

(defparameter *nil-pathname* (make-pathname :directory nil :name nil :type nil :version nil))
(defun nil-pathname (&optional (defaults *default-pathname-defaults*))
  (make-pathname :directory nil :name nil :type nil :version nil :device nil :defaults defaults))

(defun unix-namestring (p) (namestring p))
(defun native-namestring (p) (and p (namestring p)))
(defun parse-native-namestring (s &rest keys &key ensure-directory &allow-other-keys)
  (declare (ignore keys))
  (and s (if ensure-directory (ensure-directory-pathname (pathname s)) (pathname s))))

(defun %collapse-directory (p)
  ;; "a/b/../c" as "a/c", as UIOP's :BACK does.
  (let ((d (pathname-directory p)) (out '()))
    (if (not (consp d))
        p
        (progn
          (dolist (x (cdr d))
            (if (and (member x '(:up :back)) out (stringp (car out)))
                (pop out)
                (push x out)))
          (make-pathname :directory (cons (car d) (nreverse out)) :defaults p)))))

(defun merge-pathnames* (specified &optional (defaults *default-pathname-defaults*))
  "MERGE-PATHNAMES that keeps SPECIFIED's absolute directory and a relative
DEFAULTS alone."
  (when (null specified) (return-from merge-pathnames* nil))
  (when (null defaults) (return-from merge-pathnames* (pathname specified)))
  (%collapse-directory (merge-pathnames specified defaults)))

(defun subpathname (pathname subpath &key type)
  "The pathname SUBPATH (a Unix namestring) beneath the directory of PATHNAME."
  (let ((sub (parse-unix-namestring subpath :type type)))
    (if (absolute-pathname-p sub)
        sub
        (merge-pathnames* sub (pathname-directory-pathname pathname)))))

(defun subpathname* (pathname subpath &key type)
  (and pathname (subpathname (ensure-directory-pathname pathname) subpath :type type)))

(defun ensure-pathname (x &key defaults type want-directory ensure-directory want-absolute
                            ensure-absolute &allow-other-keys)
  (let ((p (cond ((null x) (return-from ensure-pathname nil))
                 ((pathnamep x) x)
                 ((stringp x) (parse-unix-namestring x :type type
                                                       :ensure-directory (or want-directory ensure-directory)))
                 (t (pathname x)))))
    (when (or want-directory ensure-directory) (setf p (ensure-directory-pathname p)))
    (when (and defaults (or want-absolute ensure-absolute) (not (absolute-pathname-p p)))
      (setf p (merge-pathnames p defaults)))
    p))

(defun ensure-absolute-pathname (path &optional defaults on-error)
  (declare (ignore on-error))
  (let ((p (pathname path)))
    (if (absolute-pathname-p p) p
        (merge-pathnames p (if (functionp defaults) (funcall defaults)
                               (or defaults *default-pathname-defaults*))))))

(defun physicalize-pathname (x) (and x (pathname x)))
(defun truenamize (p) (or (ignore-errors (truename p)) (pathname p)))
(defun resolve-symlinks (p) (truenamize p))
(defun resolve-symlinks* (p) (truenamize p))
(defun probe-file* (p &key truename)
  (declare (ignore truename))
  (and p (ignore-errors (probe-file p))))
(defun file-exists-p (p) (let ((f (probe-file* p))) (and f (not (directory-pathname-p f)) f)))
(defun directory-exists-p (p)
  (let ((f (probe-file* (ensure-directory-pathname p)))) (and f (directory-pathname-p f) f)))
(defun directory* (pathname-spec &rest keys)
  (declare (ignore keys))
  (directory pathname-spec))
(defun directory-files (directory &optional (pattern (make-pathname :name :wild :type :wild)))
  (remove-if #'directory-pathname-p
             (directory (merge-pathnames pattern (ensure-directory-pathname directory)))))
(defun subdirectories (directory)
  (remove-if-not #'directory-pathname-p
                 (directory (merge-pathnames (make-pathname :directory '(:relative :wild))
                                             (ensure-directory-pathname directory)))))
(defun delete-file-if-exists (p) (when (probe-file* p) (delete-file p) t))
(defun rename-file-overwriting-target (source target)
  (delete-file-if-exists target)
  (rename-file source target))
(defun getcwd () *default-pathname-defaults*)
(defun user-homedir () (user-homedir-pathname))
(defun temporary-directory () #p"/tmp/")
(defun default-temporary-directory () #p"/tmp/")
(defun xdg-config-home (&rest more) (apply #'xdg-path ".config/" more))
(defun xdg-data-home (&rest more) (apply #'xdg-path ".local/share/" more))
(defun xdg-cache-home (&rest more) (apply #'xdg-path ".cache/" more))
(defun xdg-path (base &rest more)
  (let ((p (merge-pathnames base (user-homedir-pathname))))
    (if more (subpathname p (format nil "~{~A~^/~}" more)) p)))

(defmacro with-current-directory ((&optional dir) &body body)
  `(let ((*default-pathname-defaults* (if ,dir (ensure-directory-pathname ,dir) *default-pathname-defaults*)))
     ,@body))

(defun lisp-implementation-directory (&key truename) (declare (ignore truename)) nil)
(defun lisp-implementation-pathname-p (p) (declare (ignore p)) nil)

;;; --- reading and writing files ---

(defmacro with-safe-io-syntax ((&key (package :cl)) &body body)
  `(with-standard-io-syntax
     (let ((*package* (find-package ,package)) (*read-eval* nil) (*read-default-float-format* 'double-float)
           (*print-readably* nil))
       ,@body)))

(defun slurp-stream-string (input &key (element-type 'character) stripped)
  (declare (ignore element-type))
  (let ((s (with-output-to-string (out)
             (loop :for line = (read-line input nil nil) :while line
                   :do (write-string line out) (terpri out)))))
    (if stripped (stripln s) s)))

(defun slurp-stream-lines (input &key count)
  (loop :for n :from 0 :while (or (null count) (< n count))
        :for line = (read-line input nil nil) :while line :collect line))

(defun slurp-stream-line (input &key (at 0))
  (nth at (slurp-stream-lines input :count (1+ at))))

(defun slurp-stream-forms (input &key count)
  (loop :with eof = '#:eof :for n :from 0 :while (or (null count) (< n count))
        :for form = (read input nil eof) :until (eq form eof) :collect form))

(defun slurp-stream-form (input &key (at 0))
  (nth at (slurp-stream-forms input :count (1+ at))))

(defun read-file-string (file &rest keys)
  "The content of FILE as a string."
  (declare (ignore keys))
  (%file-string file))

(defun %file-string (file)
  ;; Files of a loaded system may lie outside what OPEN may read in a
  ;; sandboxed session: they are read as the system loader reads them.
  (let ((p (merge-pathnames file)))
    (handler-case (with-open-file (in p) (slurp-stream-string in))
      (file-error (e)
        (or (ignore-errors (golem::%asdf-read-file (namestring p) nil))
            (error e))))))

(defun %with-file-input (file fn)
  (with-input-from-string (in (%file-string file)) (funcall fn in)))

(defun read-file-lines (file &rest keys)
  (declare (ignore keys))
  (%with-file-input file #'slurp-stream-lines))

(defun read-file-line (file &rest keys &key (at 0) &allow-other-keys)
  (declare (ignore keys))
  (%with-file-input file (lambda (in) (slurp-stream-line in :at at))))

(defun read-file-forms (file &rest keys &key count &allow-other-keys)
  (declare (ignore keys))
  (%with-file-input file (lambda (in) (slurp-stream-forms in :count count))))

(defun read-file-form (file &rest keys &key (at 0) &allow-other-keys)
  (declare (ignore keys))
  (%with-file-input file (lambda (in) (slurp-stream-form in :at at))))

(defun safe-read-file-line (pathname &rest keys &key (package :cl) &allow-other-keys)
  (with-safe-io-syntax (:package package)
    (apply 'read-file-line pathname (remove-plist-key :package keys))))

(defun safe-read-file-form (pathname &rest keys &key (package :cl) &allow-other-keys)
  (with-safe-io-syntax (:package package)
    (apply 'read-file-form pathname (remove-plist-key :package keys))))

(defun safe-read-from-string (string &key (package :cl) (eof-error-p t) eof-value (start 0) end preserve-whitespace)
  (with-safe-io-syntax (:package package)
    (if preserve-whitespace
        (read-from-string string eof-error-p eof-value :start start :end end :preserve-whitespace t)
        (read-from-string string eof-error-p eof-value :start start :end end))))

(defun eval-input (input)
  (with-input-from-string (in (if (stringp input) input (slurp-stream-string input)))
    (loop :with results :with eof = '#:eof
          :for form = (read in nil eof) :until (eq form eof)
          :do (setf results (multiple-value-list (eval form)))
          :finally (return (values-list results)))))

(defun eval-thunk (thunk)
  (if (stringp thunk) (eval-input thunk) (funcall thunk)))

(defun standard-eval-thunk (thunk &key (package :cl))
  (let ((*package* (find-package package))) (eval-thunk thunk)))

(defun call-with-output-file (pathname thunk &rest keys &key (if-exists :error) (if-does-not-exist :create) &allow-other-keys)
  (declare (ignore keys))
  (with-open-file (s pathname :direction :output :if-exists if-exists :if-does-not-exist if-does-not-exist)
    (funcall thunk s)))

(defmacro with-output-file ((var pathname &rest keys) &body body)
  `(call-with-output-file ,pathname (lambda (,var) ,@body) ,@keys))

(defun call-with-input-file (pathname thunk &rest keys)
  (declare (ignore keys))
  (with-open-file (s pathname) (funcall thunk s)))

(defmacro with-input-file ((var pathname &rest keys) &body body)
  `(call-with-input-file ,pathname (lambda (,var) ,@body) ,@keys))

(defun call-with-output (output function)
  (etypecase output
    (null (with-output-to-string (s) (funcall function s)))
    ((eql t) (funcall function *standard-output*))
    (stream (funcall function output))
    (string (with-output-to-string (s output) (funcall function s)))
    (pathname (call-with-output-file output function))))

(defmacro with-output ((output-var &optional (value output-var)) &body body)
  `(call-with-output ,value (lambda (,output-var) ,@body)))

(defun call-with-input (input function)
  (etypecase input
    (null (funcall function (make-string-input-stream "")))
    ((eql t) (funcall function *standard-input*))
    (stream (funcall function input))
    (string (with-input-from-string (s input) (funcall function s)))
    (pathname (call-with-input-file input function))))

(defmacro with-input ((input-var &optional (value input-var)) &body body)
  `(call-with-input ,value (lambda (,input-var) ,@body)))

(defun copy-stream-to-stream (input output &key element-type buffer-size linewise prefix)
  (declare (ignore element-type buffer-size))
  (if linewise
      (loop :for line = (read-line input nil nil) :while line
            :do (when prefix (princ prefix output)) (write-string line output) (terpri output))
      (loop :for c = (read-char input nil nil) :while c :do (write-char c output))))

(defun println (x &optional (stream *standard-output*)) (princ x stream) (terpri stream) (values))
(defun writeln (x &rest keys &key (stream *standard-output*) &allow-other-keys)
  (apply #'write x :stream stream (remove-plist-key :stream keys)) (terpri stream) (values))

;; *STDIN*, *STDOUT* and *STDERR* are synonym streams of the CL standard
;; streams, given by the Go side (asdf.go initialValue) with the other
;; exported variables' first values: each evaluation rebinds the standard
;; streams (an MCP session captures them per call), so these follow them.

;;; --- versions ---

(defun parse-version (version-string &optional on-error)
  (declare (ignore on-error))
  (block nil
    (unless (stringp version-string) (return nil))
    (let ((parts (split-string version-string :separator ".")))
      (unless (and parts (every (lambda (p) (and (plusp (length p)) (every #'digit-char-p p))) parts))
        (return nil))
      (mapcar #'parse-integer parts))))

(defun unparse-version (version-list) (format nil "~{~D~^.~}" version-list))

(defun lexicographic< (element< x y)
  (cond ((null y) nil) ((null x) t)
        ((funcall element< (car x) (car y)) t)
        ((funcall element< (car y) (car x)) nil)
        (t (lexicographic< element< (cdr x) (cdr y)))))

(defun version< (version1 version2)
  (let ((v1 (parse-version version1)) (v2 (parse-version version2)))
    (lexicographic< #'< v1 v2)))

(defun version<= (version1 version2) (not (version< version2 version1)))

(defun version-compatible-p (provided-version required-version)
  "Same major version, and not older."
  (let ((x (parse-version provided-version)) (y (parse-version required-version)))
    (and x y (= (car x) (car y)) (not (lexicographic< #'< x y)))))

;;; --- images and conditions ---

(defvar *image-dumped-p* nil)
(defvar *image-restore-hook* nil)
(defvar *image-prelude* nil)
(defvar *image-entry-point* nil)
(defun register-image-restore-hook (hook &optional (call-now-p t))
  (pushnew hook *image-restore-hook*)
  (when call-now-p (call-function hook)))
(defun register-image-dump-hook (hook &optional call-now-p)
  (declare (ignore call-now-p hook)) nil)

(defvar *fatal-conditions* '(error))
(defun match-condition-p (x condition)
  (etypecase x
    (symbol (typep condition x))
    ((simple-vector 2) (and (typep condition (svref x 0))
                            (string= (princ-to-string condition) (svref x 1))))
    (function (funcall x condition))
    (string (and (typep condition 'simple-condition)
                 (string= x (simple-condition-format-control condition))))))
(defun match-any-condition-p (condition conditions)
  (loop :for x :in conditions :thereis (match-condition-p x condition)))

(defun handle-fatal-condition (condition)
  (format *error-output* "~&~A~%" condition)
  (quit 99))
(defun call-with-fatal-condition-handler (thunk)
  (handler-bind (((satisfies fatal-condition-p) #'handle-fatal-condition))
    (funcall thunk)))
(defun fatal-condition-p (c) (match-any-condition-p c *fatal-conditions*))
(defmacro with-fatal-condition-handler ((&optional) &body body)
  `(call-with-fatal-condition-handler (lambda () ,@body)))

(defun style-warn (datum &rest arguments)
  (if (stringp datum)
      (warn 'simple-style-warning :format-control datum :format-arguments arguments)
      (apply #'warn datum arguments)))

(defmacro with-upgradability ((&optional) &body body)
  `(progn ,@body))

(defmacro with-deprecation ((level) &body definitions)
  (declare (ignore level))
  `(progn ,@definitions))

(defun timestamp< (x y) (and x y (< x y)))
(defun timestamp<= (x y) (not (timestamp< y x)))
(defun earlier-timestamp (x y) (if (timestamp< x y) x y))
(defun later-timestamp (x y) (if (timestamp< x y) y x))
