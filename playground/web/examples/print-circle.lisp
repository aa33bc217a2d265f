;; *print-circle*: shared and circular structure printed with #n= labels.
(let* ((shared (list 'a 'b))
       (both (list shared shared))
       (ring (list 1 2 3)))
  (setf (cdr (last ring)) ring)        ; a circular list
  (let ((*print-circle* t))
    (format t "~s~%~s~%" both ring))
  (list (eq (first both) (second both))
        (let ((*print-circle* t)) (prin1-to-string ring))))
