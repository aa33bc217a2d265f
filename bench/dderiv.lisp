;; DDERIV: DERIV with the rule for each operator found on the operator
;; symbol's property list.
(defun dd-plus (a) (cons '+ (mapcar #'dderiv (cdr a))))
(defun dd-minus (a) (cons '- (mapcar #'dderiv (cdr a))))
(defun dd-times (a)
  (list '* a (cons '+ (mapcar (lambda (f) (list '/ (dderiv f) f)) (cdr a)))))
(defun dd-divide (a)
  (list '- (list '/ (dderiv (cadr a)) (caddr a))
        (list '/ (cadr a) (list '* (caddr a) (caddr a) (dderiv (caddr a))))))
(setf (get '+ 'dd-rule) #'dd-plus
      (get '- 'dd-rule) #'dd-minus
      (get '* 'dd-rule) #'dd-times
      (get '/ 'dd-rule) #'dd-divide)
(defun dderiv (a)
  (if (atom a)
      (if (eq a 'x) 1 0)
      (let ((rule (get (car a) 'dd-rule)))
        (if rule (funcall rule a) 'error))))
(defun tree-size (x) (if (consp x) (+ 1 (tree-size (car x)) (tree-size (cdr x))) 0))
(let ((total 0))
  (dotimes (i 20000)
    (setq total (+ total (tree-size (dderiv '(+ (* 3 x x) (* a x x) (* b x) 5))))))
  (format t "dderiv ~a~%" total))
