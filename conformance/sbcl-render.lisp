;;;; sbcl-render.lisp -- renders golem "evaluate-lisp response text" using SBCL
;;;; as the oracle, and rewrites the expectations of conformance case files.
;;;;
;;;; Usage (normally through regen.sh):
;;;;   sbcl --script sbcl-render.lisp FILE.txt...      rewrite the expect parts
;;;;   sbcl --script sbcl-render.lisp --one IN OUT     render one case's code
;;;;
;;;; Driver mode runs every case in a separate SBCL process ("--one" mode), so
;;;; cases cannot see each other's definitions, packages or readtables.
;;;;
;;;; Case file format: see README.md.  In short:
;;;;   ;;; case: NAME
;;;;   ;;; note: ...        (optional; expectation is hand-written, kept as is)
;;;;   ;;; check: report    (optional; error case whose report is compared too)
;;;;   CODE...
;;;;   ;;; expect:
;;;;   EXPECTED TEXT...

(require :sb-posix)

(defpackage :golem-render
  (:use :common-lisp))

(in-package :golem-render)

(defparameter *whitespace*
  '(#\Space #\Tab #\Newline #\Return #\Page #\Linefeed))

(defun trim (string)
  (string-trim *whitespace* string))

(defun collapse-whitespace (string)
  "One line: every run of whitespace becomes a single space."
  (with-output-to-string (out)
    (let ((pending nil) (started nil))
      (loop for ch across (trim string)
            do (if (member ch *whitespace*)
                   (setf pending t)
                   (progn
                     (when (and pending started) (write-char #\Space out))
                     (setf pending nil started t)
                     (write-char ch out)))))))

(defun implementation-package-p (package)
  (and package
       (let ((name (package-name package)))
         (and (>= (length name) 3) (string= "SB-" name :end2 3)))))

(defun condition-type-name (condition)
  "Name of the condition's class without package prefix.  SBCL-internal
classes (SB-INT:SIMPLE-CONTROL-ERROR, SB-KERNEL:...) are replaced by the
most specific superclass that is not internal to SBCL, normally a standard
COMMON-LISP condition type."
  (dolist (class (sb-mop:class-precedence-list (class-of condition))
                 (symbol-name (type-of condition)))
    (let ((name (class-name class)))
      (when (and (symbolp name)
                 (not (implementation-package-p (symbol-package name)))
                 ;; SIMPLE-CONDITION is only a mixin of SBCL's internal
                 ;; SIMPLE-CONTROL-ERROR etc.; prefer the real error type.
                 (or (not (eq name 'simple-condition))
                     (eq (class-of condition) class)))
        (return (symbol-name name))))))

(defun strip-addresses (string)
  "Replace SBCL object addresses such as {10025AB0C3} by {...}."
  (with-output-to-string (out)
    (let ((i 0) (n (length string)))
      (loop while (< i n)
            do (let ((ch (char string i)))
                 (if (char= ch #\{)
                     (let ((end (position #\} string :start i)))
                       (if (and end (> end (1+ i))
                                (every (lambda (c) (digit-char-p c 16))
                                       (subseq string (1+ i) end)))
                           (progn (write-string "{...}" out) (setf i (1+ end)))
                           (progn (write-char ch out) (incf i))))
                     (progn (write-char ch out) (incf i))))))))

(defun condition-report (condition)
  (strip-addresses
   (collapse-whitespace
   (handler-case (princ-to-string condition)
     (error () "<error while printing condition report>")))))

(defun print-value (value)
  (let ((*print-length* 100)
        (*print-level* 10)
        (*print-circle* t)
        (*print-pretty* t)
        (*print-readably* nil)
        (*print-escape* t))
    (prin1-to-string value)))

(defun render-code (code)
  "Evaluate the forms in CODE one by one in CL-USER; return the response text."
  (let ((out (make-string-output-stream))
        (err (make-string-output-stream))
        (warnings '())
        (values '())
        (failure nil)
        (value-lines '()))
    (let ((*standard-output* out)
          (*error-output* err)
          (*trace-output* err)
          (*package* (find-package "COMMON-LISP-USER"))
          (sb-ext:*evaluator-mode* :interpret))
      ;; SBCL's CL-USER also uses SB-ALIEN, SB-EXT, ...; keep only CL so that
      ;; symbol lookups behave like a minimal conforming CL-USER.
      (let ((user (find-package "COMMON-LISP-USER")))
        (dolist (p (package-use-list user))
          (unless (eq p (find-package "COMMON-LISP"))
            (unuse-package p user))))
      (with-input-from-string (in code)
        (block run
          (handler-bind
              ((warning
                 (lambda (w)
                   (push (format nil "~A: ~A" (condition-type-name w)
                                 (condition-report w))
                         warnings)
                   (let ((restart (find-restart 'muffle-warning w)))
                     (when restart (invoke-restart restart)))))
               (error
                 (lambda (e)
                   (setf failure e)
                   (return-from run))))
            (let ((eof (list :eof)))
              (loop for form = (read in nil eof)
                    until (eq form eof)
                    do (setf values (multiple-value-list (eval form))))))))
      ;; Values and the error report are printed with *package* as the code
      ;; left it.
      (when failure
        (setf failure (format nil "[ERROR] ~A~%~A"
                              (condition-type-name failure)
                              (condition-report failure))))
      (unless failure
        (setf value-lines
              (mapcar (lambda (v) (concatenate 'string "=> " (print-value v)))
                      values))))
    (let ((sections '()))
      (flet ((section (header text)
               (let ((text (trim text)))
                 (when (plusp (length text))
                   (push (format nil "[~A]~%~A" header text) sections)))))
        (section "stdout" (get-output-stream-string out))
        (section "stderr" (get-output-stream-string err))
        (section "warnings" (format nil "~{~A~^~%~}" (reverse warnings))))
      (setf sections (nreverse sections))
      (let ((blocks (if failure
                        (cons failure sections)
                        (append sections
                                (when value-lines
                                  (list (format nil "~{~A~^~%~}" value-lines)))))))
        (format nil "~{~A~^~%~%~}" blocks)))))

;;; ------------------------------------------------------------------
;;; Case files

(defstruct kase
  name
  (directives '())   ; lines such as ";;; note: ..." (in order)
  (code-lines '())
  (expect-lines '()))

(defun prefixp (prefix string)
  (and (>= (length string) (length prefix))
       (string= prefix string :end2 (length prefix))))

(defun directive-line-p (line)
  (or (prefixp ";;; note:" line) (prefixp ";;; check:" line)))

(defun strip-blank-edges (lines)
  (flet ((blankp (l) (zerop (length (trim l)))))
    (let ((lines (member-if-not #'blankp lines)))
      (reverse (member-if-not #'blankp (reverse lines))))))

(defun read-lines (path)
  (with-open-file (in path :external-format :utf-8)
    (loop for line = (read-line in nil nil)
          while line
          collect (string-right-trim '(#\Return) line))))

(defun parse-case-file (path)
  "Return (values header-lines cases)."
  (let ((header '()) (cases '()) (current nil) (state :header))
    (dolist (line (read-lines path))
      (cond ((prefixp ";;; case:" line)
             (setf current (make-kase :name (trim (subseq line 9))))
             (push current cases)
             (setf state :directives))
            ((eq state :header) (push line header))
            ((prefixp ";;; expect:" line) (setf state :expect))
            ((and (eq state :directives) (directive-line-p line))
             (push line (kase-directives current)))
            ((member state '(:directives :code))
             (setf state :code)
             (push line (kase-code-lines current)))
            (t (push line (kase-expect-lines current)))))
    (dolist (c cases)
      (setf (kase-directives c) (reverse (kase-directives c))
            (kase-code-lines c) (strip-blank-edges (reverse (kase-code-lines c)))
            (kase-expect-lines c) (strip-blank-edges (reverse (kase-expect-lines c)))))
    (values (reverse header) (reverse cases))))

(defun hand-written-p (c)
  (some (lambda (d) (prefixp ";;; note:" d)) (kase-directives c)))

(defun split-lines (string)
  (with-input-from-string (in string)
    (loop for line = (read-line in nil nil) while line collect line)))

(defun write-text-file (path string)
  (with-open-file (out path :direction :output :if-exists :supersede
                            :external-format :utf-8)
    (write-string string out)))

(defun read-text-file (path)
  (with-open-file (in path :external-format :utf-8)
    (let ((s (make-string (file-length in))))
      (subseq s 0 (read-sequence s in)))))

(defvar *self* (or *load-truename* "sbcl-render.lisp"))

(defun render-in-child (code)
  "Render CODE in a fresh SBCL process; return the response text."
  (let ((in (format nil "/tmp/golem-render-~D-in.lisp" (sb-posix:getpid)))
        (out (format nil "/tmp/golem-render-~D-out.txt" (sb-posix:getpid))))
    (write-text-file in code)
    (when (probe-file out) (delete-file out))
    (let ((process (sb-ext:run-program "timeout"
                                       (list "20" "sbcl" "--script"
                                             (namestring *self*) "--one" in out)
                                       :search t :output nil :error nil
                                       :input nil)))
      (declare (ignore process))
      (prog1 (if (probe-file out)
                 (read-text-file out)
                 "[ERROR] RENDER-FAILED
the SBCL child process produced no result (timeout or crash)")
        (ignore-errors (delete-file in))
        (ignore-errors (delete-file out))))))

(defun regen-file (path)
  (multiple-value-bind (header cases) (parse-case-file path)
    (let ((names (make-hash-table :test 'equal)) (changed 0))
      (dolist (c cases)
        (when (gethash (kase-name c) names)
          (format *error-output* "~&~A: duplicate case name ~A~%" path (kase-name c)))
        (setf (gethash (kase-name c) names) t)
        (unless (hand-written-p c)
          (let* ((code (format nil "~{~A~%~}" (kase-code-lines c)))
                 (new (split-lines (render-in-child code))))
            (unless (equal new (kase-expect-lines c))
              (incf changed))
            (setf (kase-expect-lines c) new))))
      (write-text-file
       path
       (with-output-to-string (s)
         (dolist (line (strip-blank-edges header))
           (format s "~A~%" line))
         (when (strip-blank-edges header) (terpri s))
         (dolist (c cases)
           (format s ";;; case: ~A~%" (kase-name c))
           (dolist (d (kase-directives c)) (format s "~A~%" d))
           (dolist (l (kase-code-lines c)) (format s "~A~%" l))
           (format s ";;; expect:~%")
           (dolist (l (kase-expect-lines c)) (format s "~A~%" l))
           (terpri s))))
      (format t "~&~A: ~D cases, ~D changed~%" path (length cases) changed))))

(defun main (args)
  (cond ((and args (string= (first args) "--one"))
         (destructuring-bind (in out) (rest args)
           (let ((text (render-code (read-text-file in))))
             (write-text-file out text))))
        (t
         (dolist (path args)
           (regen-file path)))))

(main (rest sb-ext:*posix-argv*))
