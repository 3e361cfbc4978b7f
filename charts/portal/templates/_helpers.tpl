{{/* Chart name. */}}
{{- define "portal.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Release-qualified name: <release>-portal unless the release already says portal. */}}
{{- define "portal.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "portal.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Common labels. */}}
{{- define "portal.labels" -}}
helm.sh/chart: {{ include "portal.chart" . }}
app.kubernetes.io/part-of: {{ include "portal.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* Selector labels of one component: include "portal.selectorLabels" (dict "root" $ "component" "gateway"). */}}
{{- define "portal.selectorLabels" -}}
app.kubernetes.io/name: {{ include "portal.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "portal.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{- define "portal.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "portal.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* Issue 24: the migration Job's own ServiceAccount (a hook, so it exists before the Job runs). */}}
{{- define "portal.migrationServiceAccountName" -}}
{{- if .Values.migration.serviceAccount.create -}}
{{- default (printf "%s-migrate" (include "portal.fullname" .)) .Values.migration.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.migration.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "portal.configMapName" -}}
{{- printf "%s-config" (include "portal.fullname" .) -}}
{{- end -}}

{{/* The Secret holding DATABASE_URL: an existing one, or the chart's own (database.url). */}}
{{- define "portal.databaseSecretName" -}}
{{- if .Values.database.existingSecret -}}
{{- .Values.database.existingSecret -}}
{{- else if .Values.database.url -}}
{{- printf "%s-database" (include "portal.fullname" .) -}}
{{- else -}}
{{- fail "set database.existingSecret (a Secret with DATABASE_URL) or, for development, database.url" -}}
{{- end -}}
{{- end -}}

{{/* Secret env of the services and the migration Job: DATABASE_URL, per-shard URLs, extraSecretEnv. */}}
{{- define "portal.secretEnv" -}}
{{ include "portal.databaseEnv" . }}
{{ include "portal.extraSecretEnv" . }}
{{- end -}}

{{/* The database URLs (issue 24: only for components that open a database; the gateway opens none). */}}
{{- define "portal.databaseEnv" -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "portal.databaseSecretName" . }}
      key: {{ .Values.database.urlKey }}
{{- range $env, $key := .Values.database.shardKeys }}
- name: {{ $env }}
  valueFrom:
    secretKeyRef:
      name: {{ include "portal.databaseSecretName" $ }}
      key: {{ $key }}
{{- end }}
{{- end -}}

{{/* extraSecretEnv, for every component. */}}
{{- define "portal.extraSecretEnv" -}}
{{- range .Values.extraSecretEnv }}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ .secretName }}
      key: {{ .key }}
{{- end }}
{{- end -}}

{{/* Plain env entries from a map, skipping empty values (so a default stays in force). */}}
{{- define "portal.plainEnv" -}}
{{- range $k, $v := . }}
{{- if ne (toString $v) "" }}
- name: {{ $k }}
  value: {{ toString $v | quote }}
{{- end }}
{{- end }}
{{- end -}}

{{/* Writable /tmp (tsx's compile cache) with a read-only root filesystem. */}}
{{- define "portal.tmpVolume" -}}
- name: tmp
  emptyDir:
    sizeLimit: 256Mi
{{- end -}}
{{- define "portal.tmpMount" -}}
- name: tmp
  mountPath: /tmp
{{- end -}}

{{/* Trust on the NATS network (issue 9): the principal-signing secret and this component's own
     NATS user. Called with (dict "root" $ "component" "<name>"). */}}
{{- define "portal.natsTrustEnv" -}}
{{- $root := .root }}
{{- with $root.Values.principalSecret }}
{{- if .existingSecret }}
- name: PRINCIPAL_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ .existingSecret }}
      key: {{ .key }}
{{- end }}
{{- end }}
{{- if eq .component "usage-log" }}
{{- with $root.Values.productKeySecret }}
- name: PRODUCT_KEY_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ .existingSecret }}
      key: {{ .key }}
{{- end }}
{{- end }}
{{- $creds := $root.Values.nats.credentials }}
{{- if $creds.existingSecret }}
{{- $key := index $creds.keys .component | required (printf "nats.credentials.keys.%s is not set" .component) }}
- name: NATS_USER
  value: {{ .component | quote }}
- name: NATS_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $creds.existingSecret }}
      key: {{ $key }}
{{- end }}
{{- end -}}

{{/* Issue 24: the pod spreads over zones and nodes (best effort: a small cluster still schedules).
     Called with (dict "root" $ "component" "<name>"). */}}
{{- define "portal.topologySpread" -}}
{{- if .root.Values.topologySpread.enabled }}
topologySpreadConstraints:
{{- range .root.Values.topologySpread.topologyKeys }}
  - maxSkew: {{ $.root.Values.topologySpread.maxSkew }}
    topologyKey: {{ . }}
    whenUnsatisfiable: {{ $.root.Values.topologySpread.whenUnsatisfiable }}
    labelSelector:
      matchLabels:
        {{- include "portal.selectorLabels" (dict "root" $.root "component" $.component) | nindent 8 }}
{{- end }}
{{- end }}
{{- end -}}

{{/* Issue 24: a pause before SIGTERM, so that endpoints and load balancers stop sending to a pod
     before it drains (Kubernetes' own sleep action: no shell or binary needed in the image). */}}
{{- define "portal.preStop" -}}
{{- if gt (int .Values.preStopSleepSeconds) 0 }}
lifecycle:
  preStop:
    sleep:
      seconds: {{ .Values.preStopSleepSeconds }}
{{- end }}
{{- end -}}

{{/* Issue 24 item 6: what tells replicas apart in traces, metrics and logs (the OTel resource:
     services/common/src/telemetry-resource.ts), from the downward API. */}}
{{- define "portal.telemetryEnv" -}}
- name: K8S_POD_NAME
  valueFrom:
    fieldRef:
      fieldPath: metadata.name
- name: K8S_NAMESPACE
  valueFrom:
    fieldRef:
      fieldPath: metadata.namespace
- name: K8S_NODE_NAME
  valueFrom:
    fieldRef:
      fieldPath: spec.nodeName
- name: SERVICE_VERSION
  value: {{ default .Chart.AppVersion .Values.image.tag | quote }}
{{- end -}}

{{/* Issue 24: TLS to NATS for every component that connects (values nats.tls): the Secret's
     ca.crt (and tls.crt/tls.key when the server verifies clients) mounted read-only. */}}
{{- define "portal.natsTlsEnv" -}}
{{- with .Values.nats.tls }}
{{- if .existingSecret }}
- name: NATS_TLS_CA_FILE
  value: /etc/portal/nats-tls/ca.crt
{{- if .clientCertificate }}
- name: NATS_TLS_CERT_FILE
  value: /etc/portal/nats-tls/tls.crt
- name: NATS_TLS_KEY_FILE
  value: /etc/portal/nats-tls/tls.key
{{- end }}
{{- end }}
{{- end }}
{{- end -}}
{{- define "portal.natsTlsMount" -}}
{{- if .Values.nats.tls.existingSecret }}
- name: nats-tls
  mountPath: /etc/portal/nats-tls
  readOnly: true
{{- end }}
{{- end -}}
{{- define "portal.natsTlsVolume" -}}
{{- if .Values.nats.tls.existingSecret }}
- name: nats-tls
  secret:
    secretName: {{ .Values.nats.tls.existingSecret }}
{{- end }}
{{- end -}}
