;; Conditions and restarts: a handler chooses how to recover,
;; the code that signalled offers the ways.
(define-condition bad-reading (error)
  ((value :initarg :value :reader bad-value))
  (:report (lambda (c s) (format s "Bad sensor reading: ~a" (bad-value c)))))

(defun parse-reading (x)
  (restart-case (if (minusp x) (error 'bad-reading :value x) x)
    (use-zero () :report "Use 0 instead." 0)
    (use-value (v) :report "Use another value." v)))

(defun average (readings)
  (/ (reduce #'+ (mapcar #'parse-reading readings)) (length readings)))

(list
 (handler-bind ((bad-reading (lambda (c) (declare (ignore c)) (invoke-restart 'use-zero))))
   (average '(10 -5 20)))
 (handler-bind ((bad-reading (lambda (c) (use-value (abs (bad-value c)) c))))
   (average '(10 -5 20)))
 (handler-case (average '(1 -1))
   (error (e) (format nil "gave up: ~a" e))))
