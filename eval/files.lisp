;;; COMPILE-FILE and COMPILE-FILE-PATHNAME (CLHS 24.1, 3.2.3). Loaded into
;;; each image after prelude.lisp, in the GOLEM package.
;;;
;;; golem compiles to closures in memory, so its compiled file (format:
;;; eval/fasl.go) holds the file's top-level forms as read at compile time,
;;; printed readably, after the compile-time processing of CLHS 3.2.3.1:
;;; EVAL-WHEN situations are resolved, PROGN and macro forms at top level
;;; are processed as top-level forms, and the definitions later forms
;;; depend on (macros, packages, types, structures, classes, constants,
;;; DECLAIM) take effect at compile time. LOAD evaluates the forms with
;;; standard syntax, each located at its line in the source file.

(defparameter *compile-time-definers*
  '(defmacro defpackage in-package deftype defstruct defsetf define-setf-expander
    define-modify-macro define-compiler-macro declaim define-symbol-macro defclass
    define-condition define-method-combination defconstant))

(defvar *cf-where* nil
  "The source file, line and column of the top-level form COMPILE-FILE is processing.")

(defun %cf-eval (form)
  (if *cf-where*
      (apply #'%eval-at form *cf-where*)
      (eval form)))

(defun compile-file-pathname (input-file &key output-file &allow-other-keys)
  (let ((default (make-pathname :type "fasl" :version nil
                                :defaults (merge-pathnames input-file))))
    (if output-file
        (merge-pathnames output-file default)
        default)))

(defun %cf-situations (situations)
  (values (or (member :compile-toplevel situations) (member 'compile situations))
          (or (member :load-toplevel situations) (member 'load situations))
          (or (member :execute situations) (member 'eval situations))))

(defun %cf-forms (forms compile-time)
  "Processes FORMS as top-level forms; returns the forms to write and whether
they are FORMS themselves."
  (let ((out nil) (same t))
    (dolist (f forms)
      (let ((r (%cf-process f compile-time)))
        (if (eq r :same)
            (push f out)
            (progn (setq same nil) (dolist (x r) (push x out))))))
    (values (nreverse out) same)))

(defun %cf-process (form compile-time)
  "Processes one top-level FORM at compile time (CLHS 3.2.3.1). Returns :SAME
when FORM itself is what LOAD must evaluate, else the list of forms to write."
  (let ((head (and (consp form) (car form))))
    (cond
      ((eq head 'progn)
       (multiple-value-bind (forms same) (%cf-forms (cdr form) compile-time)
         (if same :same forms)))
      ((eq head 'eval-when)
       (multiple-value-bind (ct lt ex) (%cf-situations (cadr form))
         (cond (lt (multiple-value-bind (forms same)
                       (%cf-forms (cddr form) (or ct (and compile-time ex)))
                     ;; Evaluating the EVAL-WHEN as source does the same.
                     (if (and same ex) :same forms)))
               ((or ct (and compile-time ex))
                (%cf-eval `(progn ,@(cddr form)))
                nil)
               (t nil))))
      ((and head (symbolp head) (member head *compile-time-definers*))
       (%cf-eval form)
       :same)
      ((and head (symbolp head) (macro-function head) (not (special-operator-p head)))
       (let ((r (%cf-process (macroexpand-1 form) compile-time)))
         (if (eq r :same) :same r)))
      (t (when compile-time (%cf-eval form))
         :same))))

(defvar *cf-load-forms* nil
  "While COMPILE-FILE runs, a table from each externalized literal object to its reference.")
(defvar *cf-added* nil
  "The objects externalized while processing the current form.")
(defvar *cf-pending* nil
  "The creation and initialization forms to write before the current form, newest first.")

(defvar *cf-created* nil
  "While COMPILE-FILE runs, the externalized objects whose creation forms are written.")
(defvar *cf-deferred* nil
  "Initialization forms waiting for the creation of objects they refer to:
entries (form . objects), newest first.")
(defvar *cf-refs* nil
  "The externalized objects the form being walked refers to.")

(defun %cf-flush-inits (&optional all)
  "Writes the deferred initialization forms whose objects are all created
(every one when ALL), newest first: an object's own initialization runs
right after its creation, before those it released."
  (loop
    (let ((ready (find-if (lambda (e)
                            (or all (every (lambda (o) (gethash o *cf-created*)) (cdr e))))
                          *cf-deferred*)))
      (unless ready (return))
      (setq *cf-deferred* (remove ready *cf-deferred* :test #'eq))
      (push (car ready) *cf-pending*))))

(defun %cf-externalize (form)
  "FORM with every literal object that MAKE-LOAD-FORM externalizes (standard
objects, structures, conditions) replaced by a reference to it (CLHS 3.2.4.4).
Creation forms go to *CF-PENDING* before the forms that refer to their
objects; an initialization form follows as soon as every object it refers
to is created."
  (labels ((walk (x)
             (cond ((consp x)
                    (let ((a (walk (car x))) (d (walk (cdr x))))
                      (if (and (eq a (car x)) (eq d (cdr x))) x (cons a d))))
                   ((and (vectorp x) (not (stringp x)) (not (bit-vector-p x)))
                    (let ((items (map 'list #'walk x)))
                      (if (every #'eq items (coerce x 'list)) x (coerce items 'simple-vector))))
                   ((and (typep x 'class) (class-name x) (eq (find-class (class-name x) nil) x))
                    (%make-fasl-ref `(find-class ',(class-name x))))
                   ((typep x '(or standard-object structure-object condition))
                    (push x *cf-refs*)
                    (or (gethash x *cf-load-forms*) (ref x)))
                   (t x)))
           (ref (x)
             (multiple-value-bind (create init) (make-load-form x)
               (let* ((n (hash-table-count *cf-load-forms*))
                      (r (%make-fasl-ref `(%fasl-ref ,n))))
                 (setf (gethash x *cf-load-forms*) r)
                 (push x *cf-added*)
                 (let ((c (let ((*cf-refs* nil)) (walk create))))
                   (push `(%fasl-set ,n ,c) *cf-pending*)
                   (setf (gethash x *cf-created*) t))
                 (when init
                   (let* ((*cf-refs* nil)
                          (i (walk init)))
                     (push (cons i *cf-refs*) *cf-deferred*)))
                 (%cf-flush-inits)
                 r))))
    (walk form)))

(defun %cf-printed (object)
  "OBJECT printed readably with every symbol qualified, or NIL when it has no
readable printed form."
  (handler-case
      (with-standard-io-syntax
        (let ((*package* (find-package "KEYWORD"))
              (*print-circle* t)
              (*print-pretty* nil))
          (prin1-to-string object)))
    (error () nil)))

(defun compile-file (input-file &key output-file (verbose *compile-verbose*)
                                  (print *compile-print*) external-format)
  (declare (ignore external-format))
  (let* ((pathname (merge-pathnames input-file))
         (output (compile-file-pathname input-file :output-file output-file))
         (warnings-p nil)
         (failure-p nil)
         (eof (list nil)))
    (multiple-value-bind (in source) (%open-source-file pathname)
      (declare (ignore source))
      (let ((truename (truename in)))
        (when verbose
          (format t "~&; compiling file ~S~%" (namestring truename)))
        (with-open-file (out output :direction :output :if-exists :supersede
                                    :if-does-not-exist :create)
          (write-string (%fasl-magic) out)
          (write-line (%cf-printed (list :golem-fasl 1 :source (%source-name in))) out)
          (let ((*package* *package*)
                (*readtable* *readtable*)
                (*cf-load-forms* (make-hash-table :test #'eq))
                (*cf-created* (make-hash-table :test #'eq))
                (*cf-deferred* nil)
                (*compile-file-pathname* pathname)
                (*compile-file-truename* truename))
            (handler-bind ((warning (lambda (c)
                                      (setq warnings-p t)
                                      (unless (typep c 'style-warning)
                                        (setq failure-p t)))))
              (with-compilation-unit ()
                (loop
                  (multiple-value-bind (form line column text) (%read-source-form in eof)
                    (when (eq form eof) (return))
                    (when print
                      (let ((*print-length* 2) (*print-level* 2))
                        (format t "~&; processing ~S~%" form)))
                    (let* ((r (let ((*cf-where* (list (%source-name in) line column)))
                                (%cf-process form nil)))
                           (*cf-pending* nil)
                           (*cf-added* nil)
                           (forms (handler-case
                                      (prog1 (mapcar #'%cf-externalize (if (eq r :same) (list form) r))
                                        (%cf-flush-inits t))
                                    (error ()
                                      ;; Written as text: forget what was externalized.
                                      (dolist (x *cf-added*)
                                        (remhash x *cf-load-forms*)
                                        (remhash x *cf-created*))
                                      (setq *cf-pending* nil *cf-deferred* nil)
                                      (list form))))
                           (entries (mapcar (lambda (f) (%cf-printed (list line column f)))
                                            (append (reverse *cf-pending*) forms))))
                      ;; A form that cannot be printed readably (a function
                      ;; or a hash table read with #.) is kept as its source
                      ;; text, which LOAD reads again.
                      (if (every #'identity entries)
                          (dolist (e entries) (write-line e out))
                          (write-line (%cf-printed (list line column :text text)) out)))))))))
        (close in)
        (let ((written (truename output)))
          (when verbose
            (format t "~&; wrote ~A~%" (namestring written)))
          (values written warnings-p failure-p))))))
