;;;; The default pricing policy. Edit freely: it is reloaded without
;;;; rebuilding the Go program (rules -policy FILE).

(in-package :rules)

(defrule bulk-discount (order)
  (when (>= (getf order :quantity) 10)
    (list :action "discount" :amount (* 1/10 (getf order :total))
          :note "10% off orders of ten items or more")))

(defrule loyal-customer (order)
  (let ((tier (app:customer-tier (getf order :customer))))
    (when (member tier '("gold" "platinum") :test #'string=)
      (list :action "discount" :amount 5 :note (format nil "~a customer" tier)))))

(defrule manual-review (order)
  (when (> (getf order :total) app:*review-above*)
    (list :action "review" :note "large order")))

(defrule shipping (order)
  (list :action "shipping" :amount (app:shipping-cost (getf order :country) (getf order :quantity))))
