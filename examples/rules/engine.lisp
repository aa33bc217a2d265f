;;;; The rules engine: a tiny DSL the policy is written in.

(defpackage :rules
  (:use :cl)
  (:export #:defrule #:evaluate #:clear-rules #:rule-names))

(in-package :rules)

(defvar *rules* '()
  "The rules in definition order, as (name . function) pairs.")

(defmacro defrule (name (order) &body body)
  "Define a rule: BODY sees the order (a plist) as ORDER and returns a plist
of the decision (:action ... :amount ...) or NIL when the rule does not apply."
  `(progn
     (setf *rules* (append (remove ',name *rules* :key #'car)
                           (list (cons ',name (lambda (,order) ,@body)))))
     ',name))

(defun clear-rules () (setf *rules* '()))

(defun rule-names () (mapcar (lambda (r) (string-downcase (car r))) *rules*))

(defun evaluate (order)
  "Run every rule on ORDER and collect the decisions. A rule that fails
gives an :error decision instead of stopping the others."
  (loop for (name . fn) in *rules*
        for decision = (handler-case (funcall fn order)
                         (error (e) (list :action "error" :note (princ-to-string e))))
        when decision
          collect (list* :rule (string-downcase name) decision)))
